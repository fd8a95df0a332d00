//===-- SIMTMCAsmInfo.h - Assembly syntax properties ----------------------===//
//
// `//` and `/* */` comments, `;` separates statements, `@` starts a guard, and
// `.` may appear in identifiers so that `ISETP.LT.AND` reaches the parser as
// one mnemonic.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/MC/MCAsmInfoELF.h"

namespace llvm {
class Triple;
}

class SIMTMCAsmInfo : public llvm::MCAsmInfoELF {
public:
  explicit SIMTMCAsmInfo(const llvm::Triple &TT);
};
