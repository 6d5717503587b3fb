// nightly-file-floor: the file-system work of a nightly learner and nothing else, to put beside
// `planner nightly`'s system time (issue #18, Benchmarks/README.md): for each learner folder of
// ROOT (a folder holding profile.json), lock `.lock`, read profile.json,
// parameters.fitted.json and snapshot.bin whole and the last 152 bytes of events.jsonl, list
// `plans/`, and with WRITE=1 write a 28,000-byte plan to a new hidden file and rename it over
// `plans/DATE.json`. No fsync/syncfs: the floor, not the job's durability.
//
//   cc -O2 -o nightly-file-floor Benchmarks/scripts/nightly-file-floor.c
//   /usr/bin/time -f '%e s wall %U user %S sys' ./nightly-file-floor ROOT DATE WRITE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

static char buffer[1 << 20];

static void read_whole(const char *path) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return;
  struct stat st;
  if (fstat(fd, &st) == 0) {
    size_t n = st.st_size < (off_t)sizeof buffer ? (size_t)st.st_size : sizeof buffer;
    if (pread(fd, buffer, n, 0) < 0) perror(path);
  }
  close(fd);
}

int main(int argc, char **argv) {
  if (argc != 4) { fprintf(stderr, "usage: %s ROOT DATE WRITE(0|1)\n", argv[0]); return 64; }
  const char *root = argv[1], *date = argv[2];
  int write_plan = atoi(argv[3]);
  static char plan[28000];
  memset(plan, 'x', sizeof plan);
  DIR *d = opendir(root);
  if (!d) { perror(root); return 1; }
  char p[4096], q[4096];
  struct dirent *e;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.') continue;
    struct stat st;
    snprintf(p, sizeof p, "%s/%s/profile.json", root, e->d_name);
    if (stat(p, &st) != 0) continue;
    snprintf(p, sizeof p, "%s/%s/.lock", root, e->d_name);
    int lock = open(p, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    flock(lock, LOCK_EX);
    snprintf(p, sizeof p, "%s/%s/profile.json", root, e->d_name); read_whole(p);
    snprintf(p, sizeof p, "%s/%s/parameters.fitted.json", root, e->d_name); read_whole(p);
    snprintf(p, sizeof p, "%s/%s/snapshot.bin", root, e->d_name); read_whole(p);
    snprintf(p, sizeof p, "%s/%s/events.jsonl", root, e->d_name);
    int fd = open(p, O_RDONLY | O_CLOEXEC);
    if (fd >= 0 && fstat(fd, &st) == 0 && st.st_size >= 152 && pread(fd, buffer, 152, st.st_size - 152) < 0) perror(p);
    if (fd >= 0) close(fd);
    snprintf(p, sizeof p, "%s/%s/plans", root, e->d_name);
    DIR *plans = opendir(p);
    if (plans) { while (readdir(plans)) {} closedir(plans); }
    if (write_plan) {
      snprintf(p, sizeof p, "%s/%s/plans/.%s.json.floor.tmp", root, e->d_name, date);
      int out = open(p, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
      if (out >= 0) {
        if (write(out, plan, sizeof plan) < 0) perror(p);
        close(out);
        snprintf(q, sizeof q, "%s/%s/plans/%s.json", root, e->d_name, date);
        if (rename(p, q) != 0) perror(q);
      }
    }
    flock(lock, LOCK_UN);
    close(lock);
  }
  closedir(d);
  return 0;
}
