// A C target needs one source file; the header is the whole module.
#include "CEpoll.h"
