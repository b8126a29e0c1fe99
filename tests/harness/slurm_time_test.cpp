// Issue 30 item 2: the --time a round asks of Slurm. Slurm time strings, the partition's MaxTime
// read from canned `scontrol show partition` output, and the bounded time computation.
#include "harness/cluster/slurm_time.h"

#include <gtest/gtest.h>

#include <cmath>

#include "core/error.h"

namespace linrepro {
namespace {

// What Slurm 22.05 (Debian 12) prints for two partitions: the default one unlimited, one of 30
// minutes, and a third of one and a half days.
const char* kPartitions = R"(PartitionName=local
   AllowGroups=ALL AllowAccounts=ALL AllowQos=ALL
   AllocNodes=ALL Default=YES QoS=N/A
   DefaultTime=NONE DisableRootJobs=NO ExclusiveUser=NO GraceTime=0 Hidden=NO
   MaxNodes=UNLIMITED MaxTime=UNLIMITED MinNodes=0 LLN=NO MaxCPUsPerNode=UNLIMITED
   Nodes=node1
   State=UP TotalCPUs=2 TotalNodes=1 SelectTypeParameters=NONE
   TRES=cpu=2,mem=3500M,node=1,billing=2

PartitionName=short
   AllowGroups=ALL AllowAccounts=ALL AllowQos=ALL
   AllocNodes=ALL Default=NO QoS=N/A
   DefaultTime=NONE DisableRootJobs=NO ExclusiveUser=NO GraceTime=0 Hidden=NO
   MaxNodes=UNLIMITED MaxTime=00:30:00 MinNodes=0 LLN=NO MaxCPUsPerNode=UNLIMITED
   Nodes=node1

PartitionName=long
   AllocNodes=ALL Default=NO QoS=N/A
   MaxNodes=UNLIMITED MaxTime=1-12:00:00 MinNodes=0 LLN=NO MaxCPUsPerNode=UNLIMITED
)";

TEST(SlurmTime, ParsesEverySlurmFormat) {
  EXPECT_EQ(parse_slurm_time("30"), 30 * 60);                       // MM
  EXPECT_EQ(parse_slurm_time("30:15"), 30 * 60 + 15);               // MM:SS
  EXPECT_EQ(parse_slurm_time("02:00:00"), 2 * 3600);                // HH:MM:SS
  EXPECT_EQ(parse_slurm_time("31:05:00"), 31 * 3600 + 300);         // hours past a day
  EXPECT_EQ(parse_slurm_time("2-00"), 2 * 86400);                   // D-HH
  EXPECT_EQ(parse_slurm_time("1-06:30"), 86400 + 6 * 3600 + 1800);  // D-HH:MM
  EXPECT_EQ(parse_slurm_time("1-12:00:00"), 86400 + 12 * 3600);     // D-HH:MM:SS
  EXPECT_EQ(parse_slurm_time("UNLIMITED"), std::nullopt);
  EXPECT_EQ(parse_slurm_time("infinite"), std::nullopt);
  for (const char* bad : {"", "1h", "1:2:3:4", "-1", "1-", "a-01:00", "01::00", "12:00:00 "})
    EXPECT_THROW(parse_slurm_time(bad), ConfigError) << bad;
}

TEST(SlurmTime, FormatsWholeMinutesAndDays) {
  EXPECT_EQ(format_slurm_time(300), "00:05:00");
  EXPECT_EQ(format_slurm_time(301), "00:06:00");  // up to the next minute
  EXPECT_EQ(format_slurm_time(31 * 3600 + 300), "1-07:05:00");
  EXPECT_EQ(parse_slurm_time(format_slurm_time(90061)), 90120);
}

TEST(SlurmTime, ReadsTheMaxTimeOfTheNamedOrDefaultPartition) {
  const auto def = partition_max_time(kPartitions, "");
  ASSERT_TRUE(def);
  EXPECT_EQ(def->partition, "local");
  EXPECT_EQ(def->max_seconds, std::nullopt);  // UNLIMITED
  const auto shorter = partition_max_time(kPartitions, "short");
  ASSERT_TRUE(shorter);
  EXPECT_EQ(shorter->max_seconds, 30 * 60);
  EXPECT_EQ(partition_max_time(kPartitions, "long")->max_seconds, 36 * 3600);
  // A list: the job may run in either, so the larger limit.
  EXPECT_EQ(partition_max_time(kPartitions, "short,long")->partition, "long");
  EXPECT_EQ(partition_max_time(kPartitions, "short,local")->max_seconds, std::nullopt);
  EXPECT_EQ(partition_max_time(kPartitions, "gpu"), std::nullopt);
  // `scontrol -o` prints one partition per line.
  const char* one_line =
      "PartitionName=batch AllowGroups=ALL Default=YES MaxTime=2-00:00:00 State=UP\n"
      "PartitionName=debug AllowGroups=ALL Default=NO MaxTime=15 State=UP\n";
  EXPECT_EQ(partition_max_time(one_line, "")->max_seconds, 2 * 86400);
  EXPECT_EQ(partition_max_time(one_line, "debug")->max_seconds, 15 * 60);
}

TEST(SlurmTime, FindsThePartitionInTheSbatchOptions) {
  EXPECT_EQ(partition_from_options({"--qos=normal"}), "");
  EXPECT_EQ(partition_from_options({"--partition=short", "--qos=x"}), "short");
  EXPECT_EQ(partition_from_options({"--partition", "long"}), "long");
  EXPECT_EQ(partition_from_options({"-p", "a,b"}), "a,b");
  EXPECT_EQ(partition_from_options({"-pdebug"}), "debug");
}

TEST(SlurmTime, TheTimeIsThreeTimesTheLargestTaskPlusFiveMinutesAtMostTheBound) {
  // 62 runs of unknown cost (600 s each) in the largest task: the 31:05:00 of the issue.
  const TaskTime unbounded = task_time_limit({62 * 600.0, 10});
  EXPECT_EQ(unbounded.limit, "1-07:05:00");
  EXPECT_FALSE(unbounded.bounded);
  const auto partition = partition_max_time(kPartitions, "short");
  const TaskTime bounded = task_time_limit({62 * 600.0, 10}, partition->max_seconds);
  EXPECT_EQ(bounded.limit, "00:30:00");
  EXPECT_TRUE(bounded.bounded);
  EXPECT_EQ(bounded.wanted_seconds, 31 * 3600 + 300);
  // A bound above what is wanted changes nothing; a bound is whole minutes, at least one.
  EXPECT_EQ(task_time_limit({100}, 3600).limit, "00:10:00");
  EXPECT_FALSE(task_time_limit({100}, 3600).bounded);
  EXPECT_EQ(task_time_limit({100}, 30).limit, "00:01:00");
  EXPECT_EQ(task_time_limit({100}, 150).limit, "00:02:00");
}

TEST(SlurmTime, AnUnknownCostIsTheExperimentsMedianBeforeTheDefault) {
  EXPECT_EQ(estimated_cost(12, 40, 600), 12);     // its own hint
  EXPECT_EQ(estimated_cost(NAN, 40, 600), 40);    // the experiment's median
  EXPECT_EQ(estimated_cost(NAN, NAN, 600), 600);  // nothing measured
}

}  // namespace
}  // namespace linrepro
