#include "studio_settings.h"

namespace hfd::studio {

std::unique_ptr<QSettings> open_settings() {
    return std::make_unique<QSettings>(QSettings::NativeFormat, QSettings::UserScope, QStringLiteral("hfd"),
                                       QStringLiteral("hfd-studio"));
}

}  // namespace hfd::studio
