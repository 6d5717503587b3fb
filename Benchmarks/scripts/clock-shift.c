// clock-shift.so: an LD_PRELOAD shim that moves the wall clock (CLOCK_REALTIME,
// gettimeofday, time) of one process to CLOCK_SHIFT_TO (seconds since 1970) at its start, then
// lets it run on. Used by nightly-realistic.sh so that `planner nightly` runs "the night after"
// a simulated history that ends in the future, the same way for every binary compared.
//   cc -O2 -shared -fPIC -o clock-shift.so clock-shift.c -ldl
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <sys/time.h>
#include <time.h>

static long long shift;  // seconds added to the real clock
static int (*real_clock_gettime)(clockid_t, struct timespec *);

__attribute__((constructor)) static void init(void) {
  real_clock_gettime = dlsym(RTLD_NEXT, "clock_gettime");
  const char *to = getenv("CLOCK_SHIFT_TO");
  if (to && real_clock_gettime) {
    struct timespec now;
    real_clock_gettime(CLOCK_REALTIME, &now);
    shift = atoll(to) - (long long)now.tv_sec;
  }
}

int clock_gettime(clockid_t id, struct timespec *ts) {
  int r = real_clock_gettime(id, ts);
  if (r == 0 && (id == CLOCK_REALTIME || id == CLOCK_REALTIME_COARSE)) ts->tv_sec += shift;
  return r;
}

int gettimeofday(struct timeval *tv, void *tz) {
  struct timespec ts;
  int r = clock_gettime(CLOCK_REALTIME, &ts);
  if (r == 0 && tv) { tv->tv_sec = ts.tv_sec; tv->tv_usec = ts.tv_nsec / 1000; }
  (void)tz;
  return r;
}

time_t time(time_t *t) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  if (t) *t = ts.tv_sec;
  return ts.tv_sec;
}
