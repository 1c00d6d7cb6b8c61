/* Times an app's start from the outside: starts COMMAND, waits for the X server
   to map its first top-level window, prints "window-ms T NAME" (ms from just
   before the fork) and stops the app. Prints "window-ms timeout" after SECONDS,
   "window-ms exited" if the app exits first.
   Event-driven (SubstructureNotify on the root window, no window manager), so
   there is no polling interval in the figure and no poller competing for CPU.
   Usage: time_to_window SECONDS COMMAND [ARG...]
   Build: cc -O2 time_to_window.c -lX11 */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/select.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void stop(pid_t child) {
  /* The app runs in a process group of its own: stop all of it. */
  kill(-child, SIGTERM);
  for (int i = 0; i < 100; i++) {
    if (waitpid(child, NULL, WNOHANG) == child) return;
    usleep(20000);
  }
  kill(-child, SIGKILL);
  waitpid(child, NULL, 0);
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: time_to_window SECONDS COMMAND [ARG...]\n");
    return 2;
  }
  double limit = atof(argv[1]) * 1e3;
  Display *display = XOpenDisplay(NULL);
  if (display == NULL) {
    fprintf(stderr, "time_to_window: cannot open the display\n");
    return 1;
  }
  Window root = DefaultRootWindow(display);
  XSelectInput(display, root, SubstructureNotifyMask);
  XSync(display, False);

  double start = now_ms();
  pid_t child = fork();
  if (child == 0) {
    setpgid(0, 0);
    execvp(argv[2], argv + 2);
    perror("time_to_window: exec");
    _exit(127);
  }
  setpgid(child, child);

  int fd = ConnectionNumber(display);
  for (;;) {
    while (XPending(display)) {
      XEvent event;
      XNextEvent(display, &event);
      if (event.type != MapNotify || event.xmap.event != root || event.xmap.override_redirect) continue;
      double elapsed = now_ms() - start;
      char *name = NULL;
      XFetchName(display, event.xmap.window, &name);
      printf("window-ms %.1f %s\n", elapsed, name ? name : "(unnamed)");
      if (name) XFree(name);
      fflush(stdout);
      stop(child);
      return 0;
    }
    double left = limit - (now_ms() - start);
    if (waitpid(child, NULL, WNOHANG) == child) {
      printf("window-ms exited\n");
      return 1;
    }
    if (left <= 0) break;
    fd_set set;
    FD_ZERO(&set);
    FD_SET(fd, &set);
    struct timeval wait = {.tv_sec = 0, .tv_usec = left > 100 ? 100000 : (long)(left * 1e3)};
    select(fd + 1, &set, NULL, NULL, &wait);
  }
  printf("window-ms timeout\n");
  fflush(stdout);
  stop(child);
  return 1;
}
