/* <math.h> for the Swift core: Glibc cannot be imported by Embedded Swift. */
#ifndef GESTUREKIT_MATH_SHIM_H
#define GESTUREKIT_MATH_SHIM_H
#include <math.h>
#endif
