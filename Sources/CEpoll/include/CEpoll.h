// Makes Linux's epoll (sys/epoll.h) and eventfd (sys/eventfd.h) visible to Swift, which Glibc's
// module map leaves out. Used only by HTTPWire's fenced System/Platform+Readiness.swift; empty on
// other platforms.
#ifndef C_EPOLL_H
#define C_EPOLL_H
#if defined(__linux__)
#include <sys/epoll.h>
#include <sys/eventfd.h>
#endif
#endif
