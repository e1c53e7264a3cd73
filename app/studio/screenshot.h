#pragma once
// hfd-studio --screenshot: load a model, render its 3D view once, save the image.
#include <QSize>
#include <QString>

namespace hfd::studio {

// Returns true when the image was written; otherwise `error` says why
// (the model failed to load: its diagnostics, one per line; or the image could not be saved).
bool render_screenshot(const QString& model_path, const QString& image_path, QSize size, QString* error);

}  // namespace hfd::studio
