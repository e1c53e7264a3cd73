#pragma once
// hfd-studio --screenshot: open a file as File > Open does (a model, an .osim imported,
// a scenario and the model it runs), render that model's 3D view once, save the image.
#include <QSize>
#include <QString>

namespace hfd::studio {

// Returns true when the image was written; otherwise `error` says why
// (the file's errors, located, one per line, e.g. a scenario's unknown controller type or
// include cycle; a file that brings no model, such as a motion with no model open; or the
// image could not be saved).
bool render_screenshot(const QString& model_path, const QString& image_path, QSize size, QString* error);

}  // namespace hfd::studio
