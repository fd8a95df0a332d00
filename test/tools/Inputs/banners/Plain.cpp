// Plain.cpp - no banner at all
int x;
