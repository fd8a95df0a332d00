//===-- Focus.cpp - focus, info focus and cuda-gdb's cuda command ---------===//
//
// `focus grid|sm|cta|warp|lane` names the warp and lane by this machine's
// coordinates; `cuda kernel|grid|block|thread|sm|warp|lane` (cuda-gdb's
// spelling) by CUDA's, a thread index choosing the warp and lane. Both
// print the new focus, saying when its lane is not active and what it
// waits for.
//
//===----------------------------------------------------------------------===//
#include "dbg/Debugger.h"
#include "dbg/Frames.h"
#include "dbg/SourceView.h"
#include "dbg/ValueHistory.h"
#include "dbg/Views.h"
#include "dbg/commands/Commands.h"
#include "emu/device/Facade.h"

#include <cctype>
#include <functional>
#include <tuple>

namespace simt::dbg {

namespace {

bool sameCta(const emu::WarpInfo &i, const std::array<uint32_t, 3> &c) {
  return i.cta[0] == c[0] && i.cta[1] == c[1] && i.cta[2] == c[2];
}

/// The first resident warp matching, preferring the lowest CTA and warp.
std::optional<emu::WarpInfo> firstWarp(Debugger &d,
                                       const std::function<bool(const emu::WarpInfo &)> &ok) {
  std::optional<emu::WarpInfo> best;
  for (const emu::WarpInfo &i : d.device().warps()) {
    if (!ok(i))
      continue;
    auto key = [](const emu::WarpInfo &x) {
      return std::make_tuple(x.grid, x.cta[2], x.cta[1], x.cta[0], x.warp);
    };
    if (!best || key(i) < key(*best))
      best = i;
  }
  return best;
}

Focus focusOn(const emu::WarpInfo &x, uint32_t lane) {
  return Focus{x.grid, {x.cta[0], x.cta[1], x.cta[2]}, x.warp, lane, x.ref.uid};
}

/// "(1,0,0)", "1,0,0" or "1": missing coordinates are 0.
std::array<uint32_t, 3> parseCoords(const std::string &text, const char *what) {
  std::string t = text;
  if (!t.empty() && t.front() == '(' && t.back() == ')')
    t = t.substr(1, t.size() - 2);
  std::array<uint32_t, 3> c{};
  size_t k = 0;
  std::string cur;
  for (char ch : t + ",") {
    if (std::isspace(static_cast<unsigned char>(ch)))
      continue;
    if (ch != ',') {
      cur += ch;
      continue;
    }
    auto v = rt::parseUInt(cur);
    if (!v || k >= 3 || *v > UINT32_MAX)
      throw CommandError("bad " + std::string(what) + " coordinates '" + text + "' (X[,Y,Z])");
    c[k++] = uint32_t(*v);
    cur.clear();
  }
  return c;
}

emu::GridId gridArg(Debugger &d, const std::string &val) {
  if (auto n = rt::parseUInt(val))
    return emu::GridId(*n);
  if (auto id = d.runner().gridNamed(val))
    return *id;
  throw CommandError("no grid named '" + val + "'");
}

/// cuda-gdb's kernel number (from 0, info cuda kernels) as the grid's id.
emu::GridId kernelArg(Debugger &d, const std::string &val) {
  auto n = rt::parseUInt(val);
  if (!n)
    throw CommandError("kernel takes a number (info cuda kernels), not '" + val + "'");
  const emu::GridId g = gridOfKernel(*n);
  if (!d.device().grid(g))
    throw CommandError("Invalid coordinates requested. CUDA focus unchanged.");
  return g;
}

uint32_t smArg(Debugger &d, const std::string &val) {
  auto n = rt::parseUInt(val);
  if (!n || *n >= d.device().numSms())
    throw CommandError("no SM " + val + " (the device has " + std::to_string(d.device().numSms()) +
                       ")");
  return uint32_t(*n);
}

uint32_t laneArg(const std::string &val) {
  auto n = rt::parseUInt(val);
  if (!n || *n > 31)
    throw CommandError("lane must be 0..31");
  return uint32_t(*n);
}

/// The focused warp's PC, the focused lane's state when it is not running,
/// and the source line.
/// Where the focused lane stands: why it waits if it does, its instruction
/// and its source line. cuda-gdb's `cuda` focus shows only the source line
/// where there is one (`withInstruction` false).
void printFocusPlace(Debugger &d, emu::WarpView w, bool withInstruction = true) {
  if (w.state() == emu::WarpState::Done)
    return;
  if (laneState(w, d.focus().lane).kind != LaneState::Active)
    d.out() << laneStateText(d, w, d.focus().lane) << "\n";
  const rt::LoadedKernel *k = d.kernelOf(*w.grid());
  const auto pos = k ? framePosition(*k, w, w.pcBytes()) : std::nullopt;
  if (withInstruction || !pos)
    d.out() << d.pcLine(*w.grid(), w.pcBytes()) << "\n";
  if (pos)
    d.out() << sourceLineText(pos->file, pos->line) << "\n";
}

void showFocus(Debugger &d) {
  std::optional<emu::WarpView> fw = d.focusedWarp(false);
  d.out() << "focus: " << d.focus().text();
  if (!fw || !fw->grid()) {
    d.out() << "\n";
    return;
  }
  d.out() << " (sm " << fw->smId() << ", " << emu::warpStateName(fw->state()) << ", active "
          << hex32(fw->active()) << ")\n";
  printFocusPlace(d, *fw);
}

void focus(Debugger &d, const Invocation &inv) {
  std::vector<std::string> w = words(inv.args);
  Focus f = d.focus();
  if (w.empty() && !d.focusedWarp(false)) {
    d.out() << "focus: nothing (no resident warp)\n";
    return;
  }
  auto needFocus = [&] {
    if (!f.valid()) {
      d.focusedWarp();
      f = d.focus();
    }
  };
  for (size_t i = 0; i < w.size(); i += 2) {
    if (i + 1 >= w.size())
      throw CommandError("focus " + w[i] + " needs a value (focus grid N|NAME, sm N, cta X[,Y,Z], "
                         "warp N, lane N)");
    const std::string &what = w[i], &val = w[i + 1];
    if (what == "grid") {
      const emu::GridId g = gridArg(d, val);
      auto x = firstWarp(d, [&](const emu::WarpInfo &i) { return i.grid == g; });
      if (!x)
        throw CommandError("grid " + val + " has no resident warp");
      f = focusOn(*x, lowestLane(x->active));
    } else if (what == "sm") {
      const uint32_t sm = smArg(d, val);
      auto x = firstWarp(d, [&](const emu::WarpInfo &i) { return i.ref.sm == sm; });
      if (!x)
        throw CommandError("SM " + val + " has no resident warp");
      f = focusOn(*x, lowestLane(x->active));
    } else if (what == "cta") {
      const std::array<uint32_t, 3> c = parseCoords(val, "CTA");
      const emu::GridId g = f.grid;
      auto x = firstWarp(d, [&](const emu::WarpInfo &i) {
        return (!g || i.grid == g) && sameCta(i, c);
      });
      if (!x)
        throw CommandError("cta " + ctaText(c) + " has no resident warp");
      f = focusOn(*x, f.lane);
    } else if (what == "warp") {
      auto n = rt::parseUInt(val);
      if (!n)
        throw CommandError("bad warp number '" + val + "'");
      needFocus();
      auto x = firstWarp(d, [&](const emu::WarpInfo &i) {
        return i.grid == f.grid && sameCta(i, f.cta) && i.warp == *n;
      });
      if (!x)
        throw CommandError("cta " + ctaText(f.cta) + " of grid " + std::to_string(f.grid) +
                           " has no warp " + val);
      f.warp = uint32_t(*n);
      f.uid = x->ref.uid;
    } else if (what == "lane") {
      const uint32_t lane = laneArg(val);
      needFocus();
      f.lane = lane;
    } else {
      throw CommandError("focus grid N|NAME, focus sm N, focus cta X[,Y,Z], focus warp N, "
                         "focus lane N");
    }
  }
  d.focus() = f;
  showFocus(d);
}

//===-- cuda ---------------------------------------------------------------------===//

/// `cuda` words, each with its value: "block (1,0,0)" keeps the parentheses
/// together whatever the blanks inside.
std::vector<std::pair<std::string, std::string>> cudaItems(std::string_view args) {
  std::vector<std::pair<std::string, std::string>> items;
  size_t i = 0;
  auto blanks = [&] {
    while (i < args.size() && std::isspace(static_cast<unsigned char>(args[i])))
      ++i;
  };
  for (blanks(); i < args.size(); blanks()) {
    std::string word;
    while (i < args.size() && std::isalpha(static_cast<unsigned char>(args[i])))
      word += args[i++];
    if (word.empty())
      throw CommandError("cuda: a coordinate name expected at '" + std::string(args.substr(i)) +
                         "'");
    blanks();
    std::string value;
    if (i < args.size() && args[i] == '(') {
      const size_t close = args.find(')', i);
      if (close == std::string_view::npos)
        throw CommandError("cuda: missing ')'");
      value = std::string(args.substr(i, close + 1 - i));
      i = close + 1;
    } else {
      while (i < args.size() && !std::isspace(static_cast<unsigned char>(args[i])) &&
             !std::isalpha(static_cast<unsigned char>(args[i])))
        value += args[i++];
    }
    items.emplace_back(word, value);
  }
  return items;
}

/// `cuda kernel block thread`: the focus's coordinates that are named.
void showCudaCoords(Debugger &d, const std::vector<std::pair<std::string, std::string>> &items) {
  std::optional<emu::WarpView> w = d.focusedWarp();
  const Focus &f = d.focus();
  std::string text;
  for (const auto &[word, value] : items) {
    std::string part;
    if (word == "kernel")
      part = "kernel " + std::to_string(kernelOfGrid(f.grid));
    else if (word == "grid")
      part = "grid " + std::to_string(f.grid);
    else if (word == "block")
      part = "block " + ctaText(f.cta);
    else if (word == "thread")
      part = "thread " + threadText(*w, f.lane);
    else if (word == "device")
      part = "device 0";
    else if (word == "sm")
      part = "sm " + std::to_string(w->smId());
    else if (word == "warp") // cuda-gdb's hardware warp: its slot on the SM
      part = "warp " + std::to_string(w->slot());
    else if (word == "lane")
      part = "lane " + std::to_string(f.lane);
    else
      throw CommandError("cuda: unknown coordinate '" + word +
                         "' (kernel, grid, block, thread, sm, warp, lane)");
    text += (text.empty() ? "" : ", ") + part;
  }
  d.out() << text << "\n";
}

void cuda(Debugger &d, const Invocation &inv) {
  auto items = cudaItems(d.history().expand(inv.args)); // `cuda block $b`, as cuda-gdb
  if (items.empty())
    items = {{"kernel", ""}, {"block", ""}, {"thread", ""}, {"sm", ""}, {"warp", ""}, {"lane", ""}};
  size_t valued = 0;
  for (const auto &item : items)
    valued += !item.second.empty();
  if (valued == 0) {
    showCudaCoords(d, items);
    return;
  }
  if (valued != items.size())
    throw CommandError("cuda: give every coordinate a value to switch, or none to show them");

  // cuda-gdb's answers: no focus to start from, and coordinates that name
  // no resident thread (cuda_command_switch).
  if (!d.focusedWarp(false))
    throw CommandError("Focus not set on any active CUDA kernel.");
  const auto invalid = [] {
    return CommandError("Invalid coordinates requested. CUDA focus unchanged.");
  };
  const auto number = [&](const std::string &word, const std::string &value, uint64_t below) {
    const uint32_t n = uint32_t(countArg(value, 0, word.c_str()));
    if (n >= below)
      throw invalid();
    return n;
  };
  const Focus was = d.focus();
  std::optional<emu::GridId> grid;
  std::optional<std::array<uint32_t, 3>> block, thread;
  std::optional<uint32_t> sm, warp, lane;
  for (const auto &[word, value] : items) {
    if (word == "kernel")
      grid = kernelArg(d, value);
    else if (word == "grid")
      grid = gridArg(d, value);
    else if (word == "block")
      block = parseCoords(value, "block");
    else if (word == "thread")
      thread = parseCoords(value, "thread");
    else if (word == "sm")
      sm = number(word, value, d.device().numSms());
    else if (word == "warp")
      warp = number(word, value, UINT32_MAX);
    else if (word == "lane")
      lane = number(word, value, 32);
    else if (word == "device")
      number(word, value, 1);
    else
      throw CommandError("cuda: unknown coordinate '" + word +
                         "' (kernel, grid, block, thread, sm, warp, lane)");
  }
  const emu::GridId g = grid.value_or(was.grid);
  const emu::Grid *gp = d.device().grid(g);
  if (!gp)
    throw invalid();
  const bool moved = (grid && *grid != was.grid) || block || sm;
  // The block: given, else the SM's or grid's first when they changed.
  std::array<uint32_t, 3> cta = was.cta;
  if (block) {
    cta = *block;
  } else if (moved) {
    auto x = firstWarp(d, [&](const emu::WarpInfo &i) {
      return i.grid == g && (!sm || i.ref.sm == *sm);
    });
    if (!x)
      throw invalid();
    cta = {x->cta[0], x->cta[1], x->cta[2]};
  }
  // The thread: given, else the warp and lane given, else the same thread.
  uint32_t wi = warp.value_or(was.warp), li = lane.value_or(was.lane);
  if (thread) {
    const uint32_t *b = gp->params.block;
    const std::array<uint32_t, 3> &t = *thread;
    if (t[0] >= b[0] || t[1] >= b[1] || t[2] >= b[2])
      throw invalid();
    const uint32_t linear = t[0] + t[1] * b[0] + t[2] * b[0] * b[1];
    wi = linear / 32;
    li = linear % 32;
  }
  // cuda-gdb's warp is a hardware coordinate, as sm and lane are: the
  // warp slot on the SM (given, else the focus's), whatever block it runs.
  const uint32_t onSm = sm.value_or(d.focusedWarp()->smId());
  auto x = warp && !thread ? firstWarp(d,
                                       [&](const emu::WarpInfo &i) {
                                         return i.ref.sm == onSm && i.ref.slot == *warp &&
                                                (!grid || i.grid == g) &&
                                                (!block || sameCta(i, cta));
                                       })
                           : firstWarp(d, [&](const emu::WarpInfo &i) {
                               return i.grid == g && sameCta(i, cta) && i.warp == wi &&
                                      (!sm || i.ref.sm == *sm);
                             });
  if (!x && moved && !thread && !warp) {
    // The same thread is not in the new block: its first warp.
    x = firstWarp(d, [&](const emu::WarpInfo &i) {
      return i.grid == g && sameCta(i, cta) && (!sm || i.ref.sm == *sm);
    });
    if (x && !lane)
      li = lowestLane(x->active);
  }
  if (!x)
    throw invalid();
  d.focus() = focusOn(*x, li);
  std::optional<emu::WarpView> w = emu::viewWarp(d.device(), x->ref);
  d.out() << switchingFocusText(*w, li) << "\n";
  printFocusPlace(d, *w, false);
}

} // namespace

void registerFocusCommands(CommandTable &root, CommandTable &info) {
  root.add({"focus", {}, "simt", "choose the grid, SM, CTA, warp and lane commands refer to",
            "focus [grid N|NAME] [sm N] [cta X[,Y,Z]] [warp N] [lane N]\n"
            "warp N is the warp index within the CTA; several pairs may be combined\n"
            "(focus cta 1 warp 0 lane 5). Without arguments shows the focus. A lane that\n"
            "is not active is shown with what it waits for.",
            focus});
  root.add({"cuda", {}, "simt", "focus by CUDA coordinates: kernel, block, thread (cuda-gdb)",
            "cuda [kernel N] [grid N] [block (X,Y,Z)] [thread (X,Y,Z)] [sm N] [warp N] [lane N]\n"
            "cuda-gdb's focus: `cuda block (1,0,0) thread (68,0,0)` focuses the warp and\n"
            "lane of that thread (the block's warp 2, lane 4); sm, warp and lane are the\n"
            "hardware's: warp N is the SM's warp slot N, whatever block runs there. A kernel\n"
            "number is the grid's id (info grids). Coordinates left out stay (a new block\n"
            "keeps the thread when it has it). Without values (`cuda thread`, `cuda kernel\n"
            "block thread`, `cuda`) prints those coordinates of the focus.",
            cuda});
  info.add({"focus", {}, "simt", "the current focus", "info focus",
            [](Debugger &d, const Invocation &) { focus(d, Invocation{"focus", "", ""}); }});
}

} // namespace simt::dbg
