//! How much memory a table build may take: the least of what the system has free and what
//! this process may still take under its own limits (`RLIMIT_AS`, `RLIMIT_DATA`, the cgroup's
//! `memory.max`). A build that reads only the system's figure starts a pair its limits cannot
//! hold, and the allocation that fails aborts the process (the board with its terminal raw).

/// What a limited process keeps for everything but the pair's arrays: thread stacks, the
/// engine's table already made, the blocks read and compressed while the pair is solved.
const RESERVE: u64 = 16 << 20;

/// The memory the build may take now, `None` where nothing is known (not checked then).
pub fn memory_free() -> Option<u64> {
    let system = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|m| free_in(&m));
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let own = [
        rlimit_headroom(Limit::Address, &status),
        rlimit_headroom(Limit::Data, &status),
        cgroup_headroom(),
    ]
    .into_iter()
    .flatten()
    .min()
    .map(|h| h.saturating_sub(RESERVE));
    [system, own].into_iter().flatten().min()
}

/// Linux's available memory and free swap, from the text of `/proc/meminfo`.
fn free_in(meminfo: &str) -> Option<u64> {
    Some((kib(meminfo, "MemAvailable")? + kib(meminfo, "SwapFree").unwrap_or(0)) * 1024)
}

/// A `Name:   123 kB` line of a `/proc` file, in KiB.
fn kib(text: &str, name: &str) -> Option<u64> {
    text.lines().find_map(|line| {
        let value = line.strip_prefix(name)?.strip_prefix(':')?;
        value.trim().strip_suffix("kB")?.trim().parse::<u64>().ok()
    })
}

#[derive(Clone, Copy)]
enum Limit {
    /// `RLIMIT_AS` (`ulimit -v`), against the process's address space (`VmSize`).
    Address,
    /// `RLIMIT_DATA`, against its data (`VmData`).
    Data,
}

/// What is left under one of the process's limits, `None` where it has none.
#[cfg(unix)]
fn rlimit_headroom(which: Limit, status: &str) -> Option<u64> {
    let (resource, field) = match which {
        Limit::Address => (libc::RLIMIT_AS, "VmSize"),
        Limit::Data => (libc::RLIMIT_DATA, "VmData"),
    };
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes the struct it is given and nothing else.
    if unsafe { libc::getrlimit(resource, &mut limit) } != 0
        || limit.rlim_cur == libc::RLIM_INFINITY
    {
        return None;
    }
    // rlim_t is not 64 bits wide on every Unix.
    #[allow(clippy::unnecessary_cast)]
    let cur = limit.rlim_cur as u64;
    Some(headroom(cur, kib(status, field).map(|k| k * 1024)))
}

#[cfg(not(unix))]
fn rlimit_headroom(_: Limit, _: &str) -> Option<u64> {
    None
}

/// A limit less what is in use (the whole limit where the use is not known).
fn headroom(limit: u64, used: Option<u64>) -> u64 {
    limit.saturating_sub(used.unwrap_or(0))
}

/// What is left under the `memory.max` of the process's cgroup (v2) and of every cgroup above
/// it, `None` where none is set.
fn cgroup_headroom() -> Option<u64> {
    let own = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let path = cgroup_path(&own)?;
    let root = std::path::Path::new("/sys/fs/cgroup");
    let leaf = root.join(path.trim_start_matches('/'));
    let read = |dir: &std::path::Path, name: &str| {
        let text = std::fs::read_to_string(dir.join(name)).ok()?;
        text.trim().parse::<u64>().ok()
    };
    leaf.ancestors()
        .take_while(|dir| dir.starts_with(root))
        // "max" (no limit) does not parse: that level is skipped.
        .filter_map(|dir| {
            Some(headroom(
                read(dir, "memory.max")?,
                read(dir, "memory.current"),
            ))
        })
        .min()
}

/// The unified hierarchy's path in the text of `/proc/self/cgroup` (its `0::` line).
fn cgroup_path(text: &str) -> Option<&str> {
    text.lines().find_map(|line| line.strip_prefix("0::"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What is free: available memory and free swap; an old kernel or a damaged line: not known.
    #[test]
    fn free_from_meminfo() {
        let meminfo = "MemTotal:       24000000 kB\nMemFree:         1000000 kB\n\
                       MemAvailable:   20000000 kB\nSwapTotal:       2000000 kB\n\
                       SwapFree:        1500000 kB\n";
        assert_eq!(free_in(meminfo), Some(21_500_000 * 1024));
        let no_swap = "MemTotal: 8000000 kB\nMemAvailable: 4000000 kB\n";
        assert_eq!(free_in(no_swap), Some(4_000_000 * 1024));
        assert_eq!(free_in("MemTotal: 8000000 kB\nMemFree: 10 kB\n"), None);
        assert_eq!(free_in("MemAvailable: lots\n"), None);
    }

    /// A limit less the use the process's status gives; the cgroup's own line.
    #[test]
    fn headroom_under_limits() {
        let status = "Name:\tdama\nVmSize:\t  300000 kB\nVmData:\t  100000 kB\n";
        assert_eq!(kib(status, "VmSize"), Some(300_000));
        assert_eq!(
            headroom(400_000 * 1024, Some(300_000 * 1024)),
            100_000 * 1024
        );
        assert_eq!(headroom(100, Some(200)), 0);
        assert_eq!(headroom(100, None), 100);
        assert_eq!(
            cgroup_path("0::/user.slice/a.scope\n"),
            Some("/user.slice/a.scope")
        );
        assert_eq!(cgroup_path("12:memory:/x\n"), None);
    }
}
