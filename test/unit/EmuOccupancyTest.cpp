//===-- EmuOccupancyTest.cpp - The occupancy rule and the launch check ----===//
//
// emu::occupancy (emu/device/Occupancy.h) answers CUDA's occupancy API and
// the profiler; the scheduler must keep exactly that many CTAs resident on
// an SM. Each shape is launched with more CTAs than fit, and the CTAs the
// one SM holds right after the launch are counted. The expected figures
// for a few shapes are worked out by hand from the limits (Fermi: 48 warp
// slots here, 32768 registers, 48 KiB of shared memory, 8 CTAs; GK110:
// 65536 registers, 16 CTAs). emu::checkLaunch refuses exactly the shapes
// that fit nowhere, and the dimensions CUDA refuses.
#include "EmuTestKit.h"
#include "emu/device/LaunchCheck.h"
#include "emu/device/Occupancy.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>

namespace simt::emu::test {
namespace {

/// CTAs resident on the only SM right after launching `ctas` CTAs.
uint32_t residentAfterLaunch(unsigned level, uint32_t threads, uint32_t regs, uint32_t shared) {
  DeviceConfig cfg;
  cfg.sms = 1;
  Rig rig(cfg);
  rig.dev->setLevel(level);
  const Kernel k = countingLoop(100);
  LaunchParams p = rig.params(k, 64, threads);
  p.kernel.regs = regs;
  p.kernel.shared = shared;
  EXPECT_TRUE(rig.dev->launch(std::move(p)).ok());
  return uint32_t(rig.dev->sm(0).ctas().size());
}

TEST(EmuOccupancy, HandWorkedShapes) {
  DeviceConfig fermi;
  const DeviceConfig kepler = fermi.atLevel(35);
  // 32 threads, few registers: the 8 CTA slots bind (16 at sm_35).
  EXPECT_EQ(occupancy(fermi, ctaShape(32, 8, 0)).ctas, 8u);
  EXPECT_EQ(occupancy(fermi, ctaShape(32, 8, 0)).limit, OccupancyLimit::CtaSlots);
  EXPECT_EQ(occupancy(kepler, ctaShape(32, 8, 0)).ctas, 16u);
  // 256 threads = 8 warps: 48 / 8 = 6 by warps.
  EXPECT_EQ(occupancy(fermi, ctaShape(256, 16, 0)).ctas, 6u);
  EXPECT_EQ(occupancy(fermi, ctaShape(256, 16, 0)).limit, OccupancyLimit::Warps);
  // 256 threads x 63 registers = 16128: 32768 / 16128 = 2 (4 at sm_35).
  EXPECT_EQ(occupancy(fermi, ctaShape(256, 63, 0)).ctas, 2u);
  EXPECT_EQ(occupancy(kepler, ctaShape(256, 63, 0)).ctas, 4u);
  // 20000 bytes of shared memory: 49152 / 20000 = 2.
  EXPECT_EQ(occupancy(fermi, ctaShape(64, 8, 20000)).ctas, 2u);
  EXPECT_EQ(occupancy(fermi, ctaShape(64, 8, 20000)).limit, OccupancyLimit::SharedMemory);
  // Too big for an SM at all.
  EXPECT_EQ(occupancy(fermi, ctaShape(1024, 63, 0)).ctas, 0u);
}

TEST(EmuOccupancy, EveryAnswerIsWhatTheSchedulerKeepsResident) {
  for (unsigned level : {20u, 35u})
    for (uint32_t threads : {32u, 64u, 96u, 192u, 256u, 512u, 1024u})
      for (uint32_t regs : {4u, 16u, 20u, 32u, 63u})
        for (uint32_t shared : {0u, 1024u, 8192u, 20000u}) {
          DeviceConfig cfg;
          cfg.sms = 1;
          const uint32_t expected =
              occupancy(cfg.atLevel(level), ctaShape(threads, regs, shared)).ctas;
          if (expected == 0) {
            // What fits nowhere is what the device refuses.
            LaunchShape shape;
            shape.block[0] = threads;
            shape.regsPerThread = regs;
            shape.sharedBytes = shared;
            EXPECT_FALSE(checkLaunch(cfg.atLevel(level), shape).ok());
            continue;
          }
          EXPECT_EQ(residentAfterLaunch(level, threads, regs, shared), expected)
              << "sm_" << level << " threads " << threads << " regs " << regs << " shared "
              << shared;
        }
}

/// The launch shape's limits: CUDA's dimensions (the grid's x by level),
/// then shared memory, then what no SM can hold.
TEST(EmuLaunchCheck, ShapesAndTheirProblems) {
  const DeviceConfig fermi;
  const DeviceConfig kepler = fermi.atLevel(35);
  auto check = [](const DeviceConfig &cfg, std::array<uint32_t, 3> grid,
                  std::array<uint32_t, 3> block, uint32_t regs = 8, uint64_t shared = 0) {
    LaunchShape s;
    std::copy(grid.begin(), grid.end(), s.grid);
    std::copy(block.begin(), block.end(), s.block);
    s.regsPerThread = regs;
    s.sharedBytes = shared;
    return checkLaunch(cfg, s);
  };
  EXPECT_TRUE(check(fermi, {65535, 65535, 65535}, {1024, 1, 1}, 8).ok());
  // Fermi's grids stop at 65535 in x; GK110's at 2^31 - 1.
  LaunchCheck wide = check(fermi, {65536, 1, 1}, {32, 1, 1});
  EXPECT_EQ(wide.problem, LaunchProblem::Dimensions);
  EXPECT_EQ(wide.message, "grid: dimension x is 65536, the limit is 65535");
  EXPECT_TRUE(check(kepler, {0x7fffffff, 1, 1}, {32, 1, 1}).ok());
  EXPECT_EQ(check(kepler, {1, 65536, 1}, {32, 1, 1}).message,
            "grid: dimension y is 65536, the limit is 65535");
  EXPECT_EQ(check(fermi, {1, 1, 0}, {32, 1, 1}).message, "grid: dimension z must be at least 1");
  EXPECT_EQ(check(fermi, {1, 1, 1}, {1, 1, 65}).message,
            "block: dimension z is 65, the limit is 64");
  EXPECT_EQ(check(fermi, {1, 1, 1}, {64, 32, 1}).message,
            "block: 2048 threads, more than 1024 per CTA");
  LaunchCheck shared = check(fermi, {1, 1, 1}, {32, 1, 1}, 8, 49153);
  EXPECT_EQ(shared.problem, LaunchProblem::SharedMemory);
  EXPECT_EQ(shared.message, "a CTA needs 49153 bytes of shared memory; an SM has 49152");
  // 1024 threads x 63 registers = 64512: more than Fermi's 32768, within GK110's 65536.
  LaunchCheck regs = check(fermi, {1, 1, 1}, {1024, 1, 1}, 63);
  EXPECT_EQ(regs.problem, LaunchProblem::Resources);
  EXPECT_EQ(regs.message,
            "a CTA needs 64512 registers (63 per thread x 1024 threads); an SM has 32768");
  EXPECT_TRUE(check(kepler, {1, 1, 1}, {1024, 1, 1}, 63).ok());
  DeviceConfig fewWarps;
  fewWarps.warpsPerSm = 16;
  EXPECT_EQ(check(fewWarps, {1, 1, 1}, {1024, 1, 1}).message,
            "a CTA of 1024 threads needs 32 warps; an SM holds 16 (--warps-per-sm)");
}

/// Device::launch refuses what the check refuses, at the device's level.
TEST(EmuLaunchCheck, TheDeviceRefusesWhatTheCheckRefuses) {
  for (unsigned level : {20u, 35u}) {
    Rig rig;
    rig.dev->setLevel(level);
    const Kernel k = countingLoop(1);
    LaunchParams p = rig.params(k, 65536, 32);
    LaunchResult r = rig.dev->launch(std::move(p));
    if (level == 20)
      EXPECT_EQ(r.error, "kernel 'k': grid: dimension x is 65536, the limit is 65535");
    else
      EXPECT_TRUE(r.ok()) << r.error;
  }
}

} // namespace
} // namespace simt::emu::test
