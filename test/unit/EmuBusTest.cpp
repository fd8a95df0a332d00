//===-- EmuBusTest.cpp - The instrumentation bus: subscribers compose -----===//
//
// Device::subscribe (emu/device/Subscriber.h): each subscriber gets what it
// asked for whatever else is subscribed: records with its detail (a
// memory-only one only the records that accessed memory), breaks asked of
// every breaking subscriber, counters, launches and the watch; leaving
// stops them. Expected counts follow from the kernels' instructions.
#include "EmuTestKit.h"

#include <gtest/gtest.h>

namespace simt::emu::test {
namespace {

/// Records, breaks and launches as one tool of several sees them.
struct Tool final : Subscriber {
  Interests want;
  std::vector<std::string> *order = nullptr; // shared: who saw a record first
  std::string name;
  std::vector<TraceRecord> records;
  std::vector<uint32_t> asked;
  uint32_t stopAt = UINT32_MAX;
  unsigned launches = 0;
  std::optional<Interests> afterLaunch; // interests from the first launch on

  Interests interests() const override { return want; }
  void record(const TraceRecord &r) override {
    records.push_back(r);
    if (order)
      order->push_back(name);
  }
  bool breakBefore(const BreakQuery &q) override {
    asked.push_back(q.pc);
    return q.pc == stopAt;
  }
  void launched(const Grid &) override {
    ++launches;
    if (afterLaunch)
      want = *afterLaunch;
  }
};

/// R5 = 1; global[arg] = R5; R5 = 2; exit: four instructions, one store.
Kernel storeKernel() {
  Kernel k;
  k.mov(2, cbank(0, 0x20)); // 0x00
  k.mov32(5, 1);            // 0x08
  k.mem(Op::ST, 5, 2, 0);   // 0x10
  k.mov32(5, 2);            // 0x18
  k.exit();                 // 0x20
  return k;
}

TEST(EmuBus, RecordersGetTheirDetailInSubscriptionOrder) {
  Rig rig;
  const Kernel k = storeKernel();
  std::vector<std::string> order;
  Tool all, mem;
  all.name = "all", mem.name = "mem";
  all.order = mem.order = &order;
  all.want = {.records = true, .detail = TraceWrites};
  mem.want = {.records = true, .detail = TraceMemory | TraceMemoryOnly};
  rig.dev->subscribe(all);
  rig.dev->subscribe(mem);
  rig.launch(k, 1, 32, {rig.base()});
  ASSERT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  ASSERT_EQ(all.records.size(), 5u);
  ASSERT_EQ(mem.records.size(), 1u); // the store only
  EXPECT_EQ(mem.records[0].pc, 0x10u);
  ASSERT_EQ(mem.records[0].mem.size(), 1u);
  EXPECT_EQ(mem.records[0].mem[0].addr[0], rig.base());
  // The writer's records carry its writes: R5 = 1 at 0x08.
  ASSERT_EQ(all.records[1].regs.size(), 1u);
  EXPECT_EQ(all.records[1].regs[0].value[0], 1u);
  // The store's record reaches "all" first, then "mem".
  ASSERT_EQ(order.size(), 6u);
  EXPECT_EQ(order[2], "all");
  EXPECT_EQ(order[3], "mem");
}

TEST(EmuBus, EveryBreakerIsAskedAndOneStops) {
  Rig rig;
  const Kernel k = storeKernel();
  Tool stops, listens;
  stops.want = listens.want = {.breaks = true};
  stops.stopAt = 0x18;
  rig.dev->subscribe(listens);
  rig.dev->subscribe(stops);
  rig.dev->setBreakSite(k.code, 0x08, true);
  rig.dev->setBreakSite(k.code, 0x18, true);
  rig.launch(k, 1, 32, {rig.base()});
  const RunResult r = rig.dev->runUntilIdle();
  ASSERT_EQ(r.status, RunStatus::Breakpoint);
  EXPECT_EQ(rig.dev->warp(r.warp)->pcBytes(), 0x18u);
  EXPECT_EQ(listens.asked, (std::vector<uint32_t>{0x08, 0x18}));
  EXPECT_EQ(stops.asked, (std::vector<uint32_t>{0x08, 0x18}));
}

TEST(EmuBus, CountersRecordsAndBreaksOnOneRun) {
  Rig plain;
  const Kernel k = storeKernel();
  plain.launch(k, 2, 64, {plain.base()});
  ASSERT_EQ(plain.dev->runUntilIdle().status, RunStatus::Idle);

  Rig rig;
  DeviceProfile profile(rig.dev->numSms());
  Tool counts, traces, breaks;
  counts.want = {.counters = &profile};
  traces.want = {.records = true, .detail = TraceAll};
  breaks.want = {.breaks = true};
  rig.dev->subscribe(counts);
  rig.dev->subscribe(traces);
  rig.dev->subscribe(breaks);
  rig.dev->setBreakSite(k.code, 0x10, true);
  rig.launch(k, 2, 64, {rig.base()});
  ASSERT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  EXPECT_EQ(breaks.asked.size(), 4u); // each warp at its store
  EXPECT_EQ(traces.records.size(), 4u * 5u);
  uint64_t counted = 0;
  for (const SmProfile &sm : profile.sms)
    for (const auto &[id, g] : sm.byGrid())
      counted += g.counts.warp;
  EXPECT_EQ(counted, traces.records.size());
  // Watching changes nothing the device does.
  EXPECT_EQ(rig.dev->cycle(), plain.dev->cycle());
  EXPECT_EQ(rig.dev->stats().instr.warp(), plain.dev->stats().instr.warp());
}

TEST(EmuBus, InterestsAreReadAtEachLaunchAndLeavingStopsRecords) {
  Rig rig;
  const Kernel k = storeKernel();
  Tool late;
  late.afterLaunch = Interests{.records = true, .detail = TraceMemory | TraceMemoryOnly};
  rig.dev->subscribe(late); // nothing yet: a plain run
  rig.launch(k, 1, 32, {rig.base()});
  ASSERT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  EXPECT_EQ(late.launches, 1u);
  EXPECT_EQ(late.records.size(), 1u); // the launch turned its records on
  rig.dev->unsubscribe(late);
  rig.launch(k, 1, 32, {rig.base()});
  ASSERT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  EXPECT_EQ(late.launches, 1u);
  EXPECT_EQ(late.records.size(), 1u);
  EXPECT_FALSE(rig.dev->subscribed(late));
}

/// Asked between epochs; says `stop` at its `at`-th question.
struct Watcher final : Subscriber {
  uint64_t everySteps = 0;
  unsigned asked = 0, ended = 0, stopAt = 0;
  Interests interests() const override { return {.watchSteps = everySteps}; }
  std::string watch(bool end) override {
    if (end) {
      ++ended;
      return "";
    }
    return ++asked == stopAt ? "stop" : "";
  }
};

TEST(EmuBus, WatchersShareTheShortestPeriod) {
  Rig rig;
  const Kernel k = countingLoop(2000);
  Watcher often, seldom;
  often.everySteps = 300;
  seldom.everySteps = 100000; // its own period is never reached here
  often.stopAt = 4;
  rig.dev->subscribe(seldom);
  rig.dev->subscribe(often);
  rig.launch(k, 1, 32);
  const RunResult r = rig.dev->runUntilIdle();
  ASSERT_EQ(r.status, RunStatus::Interrupted);
  EXPECT_EQ(r.message, "stop");
  EXPECT_EQ(often.asked, 4u);
  EXPECT_EQ(seldom.asked, 4u); // asked whenever the watch is due
  EXPECT_EQ(often.ended, 1u);
  EXPECT_EQ(seldom.ended, 1u);
}

} // namespace
} // namespace simt::emu::test
