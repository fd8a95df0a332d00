//===-- SIMTEvents.td - Events the profiler counts by instruction ---------===//
//
// The events a profile counts by the instruction that makes them: the
// barriers, atomics, shuffles... of simt-prof's kernel details. A record
// names its event in Counts (SIMTInst); simt_tablegen.py makes the C++ enum
// SIMT::CountedEvent (the record's name without `EV_`), so a report asks
// for an event by name, never by mnemonic, and a new instruction counts as
// its record says.
//
//===----------------------------------------------------------------------===//

class CountedEvent<string desc> {
  string Desc = desc; // what a count of it is, for the generated enum
}

def EV_SetSync : CountedEvent<"reconvergence points pushed (SSY)">;
def EV_Break : CountedEvent<"loop exits taken (BRK)">;
def EV_Barrier : CountedEvent<"CTA barriers executed">;
def EV_Atomic : CountedEvent<"atomic and reduction operations">;
def EV_Shuffle : CountedEvent<"warp shuffles">;
def EV_ReadOnlyLoad : CountedEvent<"read-only global loads">;
