// The searcher registry under the name some includes still use: the same as
// models/all_searchers.h, which new code includes.
#pragma once

#include "models/all_searchers.h"
