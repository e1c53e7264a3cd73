#pragma once
// Command line of hfd-studio: hfd-studio [MODEL] [--screenshot FILE.png] [--size WxH]
#include <QSize>
#include <QString>
#include <QStringList>
#include <optional>

namespace hfd::studio {

struct StudioOptions {
    QString model_path;        // empty: open the showcase sample if it exists
    QString screenshot_path;   // non-empty: render once, save, exit
    QSize size{1280, 720};
};

// nullopt and `error` set on bad arguments; `help` is set for --help.
std::optional<StudioOptions> parse_studio_arguments(const QStringList& arguments, QString* error, QString* help);
std::optional<QSize> parse_size(const QString& text);  // "WxH", both positive

// The model to open when none is given: samples/showcase.hfd, if present.
QString default_model_path();

}  // namespace hfd::studio
