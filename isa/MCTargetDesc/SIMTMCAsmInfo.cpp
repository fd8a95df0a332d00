//===-- SIMTMCAsmInfo.cpp - Assembly syntax properties --------------------===//
#include "MCTargetDesc/SIMTMCAsmInfo.h"

SIMTMCAsmInfo::SIMTMCAsmInfo(const llvm::Triple &) {
  CodePointerSize = 8;
  CalleeSaveStackSlotSize = 8;
  IsLittleEndian = true;
  CommentString = "//";
  SeparatorString = ";";
  AllowAtAtStartOfIdentifier = true;
  AllowDollarAtStartOfIdentifier = false;
  SupportsDebugInformation = false;
  PrivateGlobalPrefix = ".L";
  PrivateLabelPrefix = ".L";
  Data64bitsDirective = "\t.quad\t";
  MinInstAlignment = 8;
}
