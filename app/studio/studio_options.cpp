#include "studio_options.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

namespace hfd::studio {

namespace {
constexpr int max_image_side = 16384;
}

std::optional<QSize> parse_size(const QString& text)
{
    static const QRegularExpression pattern(QStringLiteral("^(\\d{1,5})[xX](\\d{1,5})$"));
    QRegularExpressionMatch match = pattern.match(text.trimmed());
    if (!match.hasMatch()) return std::nullopt;
    int width = match.captured(1).toInt(), height = match.captured(2).toInt();
    if (width <= 0 || height <= 0 || width > max_image_side || height > max_image_side) return std::nullopt;
    return QSize(width, height);
}

std::optional<StudioOptions> parse_studio_arguments(const QStringList& arguments, QString* error, QString* help)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Editor and viewer for .hfd musculoskeletal models."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("model"), QStringLiteral("Model file to open (.hfd, or .osim to import)."),
                                 QStringLiteral("[MODEL]"));
    QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                  QStringLiteral("Render the model's 3D view once into FILE.png and exit."),
                                  QStringLiteral("FILE.png"));
    QCommandLineOption size(QStringLiteral("size"), QStringLiteral("Image size for --screenshot (default 1280x720)."),
                            QStringLiteral("WxH"));
    parser.addOption(screenshot);
    parser.addOption(size);
    if (!parser.parse(arguments)) {
        *error = parser.errorText();
        return std::nullopt;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        if (help) *help = parser.helpText();
        return std::nullopt;
    }
    StudioOptions options;
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1) {
        *error = QStringLiteral("expected at most one model file, got %1").arg(positional.size());
        return std::nullopt;
    }
    if (!positional.isEmpty()) options.model_path = positional.first();
    options.screenshot_path = parser.value(screenshot);
    if (parser.isSet(size)) {
        std::optional<QSize> parsed = parse_size(parser.value(size));
        if (!parsed) {
            *error = QStringLiteral("--size expects WxH with positive sizes up to %1, got '%2'")
                         .arg(max_image_side)
                         .arg(parser.value(size));
            return std::nullopt;
        }
        options.size = *parsed;
    }
    if (parser.isSet(screenshot) && options.screenshot_path.isEmpty()) {
        *error = QStringLiteral("--screenshot needs a file name");
        return std::nullopt;
    }
    return options;
}

QString default_model_path()
{
    QString showcase = QDir(QStringLiteral(HFD_SAMPLES_DIR)).filePath(QStringLiteral("showcase.hfd"));
    return QFileInfo::exists(showcase) ? showcase : QString();
}

}  // namespace hfd::studio
