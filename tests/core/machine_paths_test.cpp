// Results that travel (core/machine_paths.h): this machine's project root, data mirror and
// $LINREPRO_DATA are written by name wherever they occur in a text or a JSON document's strings; a
// directory that only starts like one of them, and a path elsewhere, are left as they are.
#include "core/machine_paths.h"

#include <gtest/gtest.h>

#include "support/scoped_env.h"

namespace linrepro {
namespace {

using testing::ScopedEnv;

TEST(MachinePaths, TheRootTheMirrorAndTheDataDirectoryAreNamed) {
  const ScopedEnv root("LINREPRO_ROOT", "/home/me/linrepro");
  const ScopedEnv mirror("LINREPRO_MIRROR", "/home/me/mirror/");
  const ScopedEnv data("LINREPRO_DATA", "/scratch/corpora");
  EXPECT_EQ(portable_paths("looked in, in order:\n  - /home/me/linrepro/data/rcv1-v2: not there\n"
                           "  - mirror /home/me/mirror: not in the mirror"),
            "looked in, in order:\n  - $LINREPRO_ROOT/data/rcv1-v2: not there\n"
            "  - mirror $LINREPRO_MIRROR: not in the mirror");
  EXPECT_EQ(portable_paths("/scratch/corpora/a9a and /home/me/linrepro"),
            "$LINREPRO_DATA/a9a and $LINREPRO_ROOT");
  // Only whole directory names: a sibling that starts like the root, and a user's own folder.
  EXPECT_EQ(portable_paths("/home/me/linrepro2/x /home/me/other"),
            "/home/me/linrepro2/x /home/me/other");
  const nlohmann::json j = {{"path", "/home/me/linrepro/data/a9a"},
                            {"/home/me/linrepro", {1, "/home/me/mirror/x"}}};
  EXPECT_EQ(portable_paths_in(j),
            nlohmann::json({{"path", "$LINREPRO_ROOT/data/a9a"},
                            {"/home/me/linrepro", {1, "$LINREPRO_MIRROR/x"}}}));
}

}  // namespace
}  // namespace linrepro
