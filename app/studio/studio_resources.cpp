#include "studio_resources.h"

#include <QtGlobal>

// Q_INIT_RESOURCE declares a global function, so it cannot be used inside a namespace.
static void init_resources_qrc() { Q_INIT_RESOURCE(resources); }

namespace hfd::studio {

void ensure_studio_resources() {
    static const bool registered = (init_resources_qrc(), true);
    Q_UNUSED(registered);
}

}  // namespace hfd::studio
