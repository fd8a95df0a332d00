//===-- EmuOccupancyTest.cpp - The occupancy rule is the scheduler's ------===//
//
// emu::occupancy (emu/device/Occupancy.h) answers CUDA's occupancy API and
// the profiler; the scheduler must keep exactly that many CTAs resident on
// an SM. Each shape is launched with more CTAs than fit, and the CTAs the
// one SM holds right after the launch are counted. The expected figures
// for a few shapes are worked out by hand from the limits (Fermi: 48 warp
// slots here, 32768 registers, 48 KiB of shared memory, 8 CTAs; GK110:
// 65536 registers, 16 CTAs).
#include "EmuTestKit.h"
#include "emu/device/Occupancy.h"

#include <gtest/gtest.h>

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
          if (expected == 0)
            continue; // the launch is refused (Sm::neverFits)
          EXPECT_EQ(residentAfterLaunch(level, threads, regs, shared), expected)
              << "sm_" << level << " threads " << threads << " regs " << regs << " shared "
              << shared;
        }
}

} // namespace
} // namespace simt::emu::test
