//===- lib/Odd.h - A banner with a path, too long to keep its mode marker -*- C++ -*-===//
//
// Body.
