#pragma once
// Measured peak memory of one piece of work: how far the process's resident set (RSS) rose above
// what it was when the work began. Linux: free heap pages are first returned to the system
// (malloc_trim), the kernel's high-water mark is reset (writing 5 to /proc/self/clear_refs), `work`
// runs, and the result is VmHWM - VmRSS-before from /proc/self/status.
//
// What it includes: every page the work touched for the first time, the solver's buffers and any
// cache it fills, the memory of other threads running at the same time (run it alone) and, as the
// allocator may reuse pages it kept, possibly less than the work allocated for small objects (the
// large arrays that dominate are mapped fresh and counted). Resolution: the kernel keeps RSS in
// approximate per-CPU counters, so a few hundred KiB; the SVMs measured here take megabytes.
#include <cstdint>
#include <functional>
#include <optional>

namespace linrepro {

// nullopt where the kernel does not allow resetting the high-water mark (not Linux, or an old
// kernel); the work runs either way.
std::optional<int64_t> peak_rss_growth_bytes(const std::function<void()>& work);

}  // namespace linrepro
