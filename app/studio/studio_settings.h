#pragma once
// Persistent settings of the studio (organization "hfd", application
// "hfd-studio"). Tests redirect them with QSettings::setPath or
// QStandardPaths::setTestModeEnabled before creating a window.
#include <QSettings>
#include <memory>

namespace hfd::studio {

std::unique_ptr<QSettings> open_settings();

}  // namespace hfd::studio
