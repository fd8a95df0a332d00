//===-- DapMemory.cpp - DAP requests that read memory and set variables ---===//
//
// readMemory: a plain address is the host's (LLDB reads the process); a
// `cuda:global:ADDRESS` reference, which device pointers carry, the
// device's global memory (the device debugger reads the emulator's bytes).
// setVariable: a host value through LLDB, a device one (locals, arguments,
// registers of the focused lane) with the device debugger's `set var`.
//
//===----------------------------------------------------------------------===//
#include "dbg/dap/DapAdapter.h"
#include "dbg/host/HostValues.h"

#include "llvm/Support/Base64.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace simt::dbg::dap {

void Adapter::readMemory(const Object &r) {
  const std::string ref = stringArg(r, "memoryReference");
  const bool device = ref.rfind(kDeviceMemoryPrefix, 0) == 0;
  const std::string number = device ? ref.substr(std::strlen(kDeviceMemoryPrefix)) : ref;
  char *end = nullptr;
  const uint64_t base = std::strtoull(number.c_str(), &end, 0);
  if (number.empty() || *end)
    return t_.fail(r, "not a memory reference: '" + ref + "'");
  const uint64_t address = base + uint64_t(integerArg(r, "offset"));
  const uint64_t count = uint64_t(std::clamp<int64_t>(integerArg(r, "count"), 0, 1 << 16));
  std::string data;
  uint64_t unreadable = 0;
  if (device) {
    const std::optional<Object> o =
        ask("maintenance dap-memory " + hexText(address) + " " + std::to_string(count));
    if (!o)
      return t_.fail(r, "cannot read the device's memory at " + hexText(address));
    data = o->getString("data").value_or("").str();
    unreadable = uint64_t(o->getInteger("unreadable").value_or(0));
  } else {
    std::vector<uint8_t> bytes(count);
    lldb::SBError error;
    const size_t n = count ? session_->lldb().process().ReadMemory(address, bytes.data(), count,
                                                                   error)
                           : 0;
    bytes.resize(n);
    data = llvm::encodeBase64(bytes);
    unreadable = count - n;
  }
  // DAP: the bytes read from the start, then how many after them are not.
  Object body{{"address", hexText(address)}};
  if (!data.empty())
    body["data"] = data;
  if (unreadable)
    body["unreadableBytes"] = unreadable;
  t_.respond(r, std::move(body));
}

void Adapter::setVariable(const Object &r) {
  const int64_t ref = integerArg(r, "variablesReference");
  const std::string name = stringArg(r, "name"), value = stringArg(r, "value");
  if (ref < 1 || ref > int64_t(handles_.size()))
    return t_.fail(r, "no variables reference " + std::to_string(ref));
  const Handle h = handles_[size_t(ref - 1)];
  if (const auto *dv = std::get_if<DeviceVars>(&h)) {
    focusFrame(dv->frame);
    take();
    session_->execute("set var " + name + " = " + value);
    if (std::string said = trimmed(take()); !said.empty())
      return t_.fail(r, said);
    for (const Object &o : askList("maintenance dap-variables " + dv->kind, "variables"))
      if (o.getString("name").value_or("") == name)
        return t_.respond(r, Object{{"value", o.getString("value").value_or("").str()},
                                    {"type", o.getString("type").value_or("").str()}});
    return t_.fail(r, "no variable " + name + " here");
  }
  if (std::holds_alternative<DeviceLanes>(h))
    return t_.fail(r, "a lane's value is set in the debug console: set var $lane[N].NAME = V "
                      "(a register), or focus the lane and set the variable");
  // A host value: the frame's variable or a member or element.
  lldb::SBValue target;
  if (const auto *hv = std::get_if<HostVars>(&h)) {
    const Frame f = frames_[size_t(hv->frame - 1)];
    lldb::SBThread t = session_->lldb().process().GetThreadByIndexID(uint32_t(f.thread));
    lldb::SBValueList vars =
        t.GetFrameAtIndex(f.index).GetVariables(hv->arguments, !hv->arguments, false, true);
    target = vars.GetFirstValueByName(name.c_str());
  } else if (const auto *v = std::get_if<lldb::SBValue>(&h)) {
    lldb::SBValue parent = *v;
    for (uint32_t i = 0; i < parent.GetNumChildren() && !target.IsValid(); ++i)
      if (lldb::SBValue c = parent.GetChildAtIndex(i); c.GetName() && name == c.GetName())
        target = c;
  }
  if (!target.IsValid())
    return t_.fail(r, "no variable " + name + " here");
  lldb::SBError error;
  if (!target.SetValueFromCString(value.c_str(), error))
    return t_.fail(r, error.GetCString() ? error.GetCString() : "cannot set " + name);
  t_.respond(r, Object{{"value", hostValueText(target, false)},
                       {"type", target.GetTypeName() ? target.GetTypeName() : ""}});
}

} // namespace simt::dbg::dap
