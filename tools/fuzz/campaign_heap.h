/* The campaign's malloc setting: a larger glibc tcache for the campaign
   process and the workers it forks.

   A worker runs tens of thousands of programs, each making and freeing many
   small objects (compiler IR, maps, strings, JSON), between long-lived ones
   (the kept programs and coverage it is sent, the corpus it inherits at
   fork). With glibc's default of 7 cached chunks per size, most frees spill
   into the bins and most mallocs search them: `_int_malloc` and its
   consolidation were ~20% of a campaign's samples against ~5% of the
   benchmark's (tools/fuzz/README.md, "Round 8"). glibc reads its tunables
   only when a program starts, and a forked worker inherits the parent's
   heap as it is, so the setting has to be in the environment before the
   campaign's process starts: EnsureCampaignHeap re-executes the running
   binary (/proc/self/exe, the same arguments from /proc/self/cmdline) once
   with `glibc.malloc.tcache_count` added to GLIBC_TUNABLES.

   Invariants: it changes no result, only where freed chunks wait (a
   campaign's journal is the same line for line with and without it); a
   tcache_count the user already set (GLIBC_TUNABLES) is kept as it is, which
   is also how to measure without it (`glibc.malloc.tcache_count=7`, glibc's
   default); it re-executes at most once (the variable it sets is what it
   checks); when /proc or exec is unavailable it returns and the campaign
   runs with the default heap. */
#pragma once

namespace shaderdiff::fuzz {

// The tcache_count a campaign runs with (measured: README "Round 8").
inline constexpr int kCampaignTcacheCount = 1000;

// Returns only when no re-execution happened (the setting is already in
// GLIBC_TUNABLES, or re-executing failed); otherwise the process image is
// replaced and the command starts again with the same arguments.
void EnsureCampaignHeap();

}  // namespace shaderdiff::fuzz
