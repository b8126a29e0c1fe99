#pragma once
// Whole files. Results and caches are written atomically: to "<path>.tmp.<pid><n>" in the same
// directory (n counts this process's writes, so two threads writing one path at once do not share a
// temp file), flushed, then renamed over <path>. A crash leaves either the old file or the new one,
// never half of one.
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>

namespace linrepro {

void write_file_atomic(const std::filesystem::path& path, std::string_view content);
// Streams into the temp file via `fill`, then renames; the temp file is removed if `fill` throws.
void write_file_atomic(const std::filesystem::path& path,
                       const std::function<void(std::ostream&)>& fill);

// Removes the "<path>.tmp.<digits>" files a writer killed between writing and renaming left behind.
// Safe only while holding the lock every writer of `path` holds (core/file_lock.h): then no write
// of `path` is under way. Returns how many were removed.
int remove_stale_temp_files(const std::filesystem::path& path);

// The whole file as bytes. DataError(path) when it cannot be read.
std::string read_file_bytes(const std::filesystem::path& path);

}  // namespace linrepro
