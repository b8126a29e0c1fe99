#!/usr/bin/env bash
# A single-node Slurm cluster on this machine, for the cluster test (`make cluster-test`) and for
# trying `linrepro cluster run` without a real cluster:
#   tools/slurm-local.sh install        Debian's slurmctld, slurmd, slurm-client and munge (apt-get)
#   tools/slurm-local.sh start          munged + slurmctld + slurmd on localhost, 2 CPUs (or nproc)
#   tools/slurm-local.sh stop           stops the three daemons this script started, nothing else
#   tools/slurm-local.sh env            prints `export SLURM_CONF=...` for the client commands
# Everything lives in $LINREPRO_SLURM_DIR (default /tmp/linrepro-slurm): slurm.conf, state, spool,
# logs, pid files. No cgroups (proctrack/linuxproc, task/none), no accounting database (sacct is
# empty: finished jobs are logged by jobcomp/filetxt in jobcomp.log). Needs root, as slurmd does.
set -euo pipefail

dir=${LINREPRO_SLURM_DIR:-/tmp/linrepro-slurm}
conf=$dir/slurm.conf
node=$(hostname -s)

die() { echo "slurm-local: $*" >&2; exit 1; }

install_packages() {
  local missing=()
  for p in slurmctld slurmd slurm-client munge; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  [ "$(id -u)" -eq 0 ] || die "not root: run  sudo apt-get install -y ${missing[*]}"
  echo "slurm-local: installing ${missing[*]}" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" \
    >/dev/null
}

write_conf() {
  local cpus mem
  cpus=$(nproc)
  mem=$(awk '/MemTotal/ {print int($2 / 1024 * 0.9)}' /proc/meminfo)
  mkdir -p "$dir/state" "$dir/spool"
  cat >"$conf" <<EOF
# Written by tools/slurm-local.sh: a single-node cluster on localhost.
ClusterName=linrepro
SlurmctldHost=$node(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
SlurmctldPort=46817
SlurmdPort=46818
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
SchedulerType=sched/backfill
# Schedule at once (a test waits for its jobs); a task asks 1 GB per CPU unless it says otherwise.
SchedulerParameters=sched_interval=1,bf_interval=1,batch_sched_delay=0,sched_min_interval=100000
DefMemPerCPU=1024
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
ReturnToService=2
# Finished jobs stay visible to scontrol for an hour; jobcomp/filetxt logs every job's end state
# (there is no accounting database, so sacct knows nothing).
MinJobAge=3600
JobCompType=jobcomp/filetxt
JobCompLoc=$dir/jobcomp.log
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
SlurmctldTimeout=30
SlurmdTimeout=30
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=local Nodes=$node Default=YES MaxTime=INFINITE State=UP
# A partition with a time limit, as most sites have: a cluster run must ask for no more.
PartitionName=short Nodes=$node MaxTime=00:30:00 State=UP
EOF
}

pid_alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

start() {
  command -v slurmctld >/dev/null || install_packages
  [ "$(id -u)" -eq 0 ] || die "slurmd needs root"
  mkdir -p "$dir"
  write_conf
  # munged: its run directory is not created outside systemd. A munged that was running already
  # (the machine's own) is used and left alone by `stop`.
  mkdir -p /run/munge && chown munge:munge /run/munge
  if ! pid_alive /run/munge/munged.pid; then
    runuser -u munge -- /usr/sbin/munged --pid-file=/run/munge/munged.pid \
      || die "munged did not start"
    cp /run/munge/munged.pid "$dir/munged.pid"
  fi
  export SLURM_CONF=$conf
  pid_alive "$dir/slurmctld.pid" || /usr/sbin/slurmctld -f "$conf" -i
  pid_alive "$dir/slurmd.pid" || /usr/sbin/slurmd -f "$conf" -N "$node"
  # Ready when the node accepts jobs.
  for _ in $(seq 1 60); do
    if sinfo -h -N -o '%T' 2>/dev/null | grep -qE '^(idle|mixed|allocated)'; then
      echo "slurm-local: up ($node, $(nproc) CPUs); export SLURM_CONF=$conf" >&2
      return 0
    fi
    sleep 0.5
  done
  tail -n 20 "$dir/slurmctld.log" "$dir/slurmd.log" >&2 || true
  die "the node did not become idle"
}

stop_one() {
  local name=$1 pidfile=$dir/$1.pid
  if pid_alive "$pidfile"; then
    local pid
    pid=$(cat "$pidfile")
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
    kill -9 "$pid" 2>/dev/null || true
  fi
  rm -f "$pidfile"
  echo "slurm-local: $name stopped" >&2
}

stop() {
  stop_one slurmd
  stop_one slurmctld
  stop_one munged  # only if this script started it (its pid file is in $dir)
}

case "${1:-}" in
  install) install_packages ;;
  start) start ;;
  stop) stop ;;
  env) echo "export SLURM_CONF=$conf" ;;
  *) die "usage: $0 install|start|stop|env" ;;
esac
