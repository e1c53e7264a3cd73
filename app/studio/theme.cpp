#include "theme.h"

#include "model_viewer.h"
#include "studio_settings.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QMenu>
#include <QStyle>
#include <QStyleFactory>
#include <QTimer>
#include <QXYSeries>

namespace hfd::studio {

namespace {

const QString theme_key = QStringLiteral("view/theme");
const QString fusion = QStringLiteral("Fusion");

QString choice_name(ThemeChoice choice) {
    switch (choice) {
        case ThemeChoice::Light: return QStringLiteral("light");
        case ThemeChoice::Dark: return QStringLiteral("dark");
        case ThemeChoice::System: break;
    }
    return QStringLiteral("system");
}

ThemeChoice choice_from_name(const QString& name) {
    if (name == QLatin1String("light")) return ThemeChoice::Light;
    if (name == QLatin1String("dark")) return ThemeChoice::Dark;
    return ThemeChoice::System;
}

// The style the application started with, before any theme replaced it.
const QString& platform_style_name() {
    static const QString name = qApp->style()->name();
    return name;
}

void set_style(const QString& name) {
    if (qApp->style()->name().compare(name, Qt::CaseInsensitive) == 0) return;
    if (QStyle* style = QStyleFactory::create(name)) QApplication::setStyle(style);
}

}  // namespace

bool is_dark_palette(const QPalette& palette) {
    return palette.color(QPalette::Active, QPalette::Window).lightness() < 128;
}

// Neutral greys with one blue accent; text contrast >= 7:1 on Window and Base,
// disabled text still >= 3:1.
QPalette dark_palette() {
    const QColor window(0x2b, 0x2d, 0x30), base(0x1e, 0x1f, 0x22), alternate(0x33, 0x36, 0x3a);
    const QColor text(0xe6, 0xe6, 0xe6), disabled_text(0x80, 0x84, 0x8a), accent(0x3d, 0x7a, 0xd6);
    QPalette palette;
    palette.setColor(QPalette::Window, window);
    palette.setColor(QPalette::WindowText, text);
    palette.setColor(QPalette::Base, base);
    palette.setColor(QPalette::AlternateBase, alternate);
    palette.setColor(QPalette::ToolTipBase, alternate);
    palette.setColor(QPalette::ToolTipText, text);
    palette.setColor(QPalette::PlaceholderText, disabled_text);
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::Button, window);
    palette.setColor(QPalette::ButtonText, text);
    palette.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    palette.setColor(QPalette::Light, QColor(0x45, 0x48, 0x4d));
    palette.setColor(QPalette::Midlight, QColor(0x3a, 0x3d, 0x41));
    palette.setColor(QPalette::Mid, QColor(0x24, 0x26, 0x28));
    palette.setColor(QPalette::Dark, QColor(0x19, 0x1a, 0x1c));
    palette.setColor(QPalette::Shadow, Qt::black);
    palette.setColor(QPalette::Highlight, accent);
    palette.setColor(QPalette::HighlightedText, Qt::white);
    palette.setColor(QPalette::Link, QColor(0x7a, 0xb0, 0xff));
    palette.setColor(QPalette::LinkVisited, QColor(0xb0, 0x98, 0xf0));
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        palette.setColor(QPalette::Disabled, role, disabled_text);
    palette.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x4a, 0x4d, 0x52));
    return palette;
}

// Fusion outlines a check box in its palette's Window colour darkened 1.4x and fills
// it with Base: on the dark Window both are nearly the background (contrast 1.2), so
// an unticked box vanished. Check boxes get a light Window, which a check box does not
// paint as its background (nor has children to pass it to): outline >= 3:1.
QPalette dark_check_box_palette() {
    QPalette palette = dark_palette();
    palette.setColor(QPalette::Window, QColor(0xa8, 0xac, 0xb2));
    return palette;
}

void apply_chart_theme(QChart* chart, bool dark) {
    const QChart::ChartTheme wanted = dark ? QChart::ChartThemeDark : QChart::ChartThemeLight;
    if (chart->theme() == wanted) return;
    // setTheme recolours every series: a curve keeps its colour across a switch.
    std::vector<std::pair<QXYSeries*, QColor>> colors;
    for (QAbstractSeries* series : chart->series())
        if (auto* xy = qobject_cast<QXYSeries*>(series)) colors.emplace_back(xy, xy->color());
    const qreal roundness = chart->backgroundRoundness();
    chart->setTheme(wanted);
    chart->setBackgroundRoundness(roundness);
    for (auto& [series, color] : colors) series->setColor(color);
}

ViewColors view_colors(bool dark) {
    if (dark) return {QColor(0x2a, 0x2d, 0x33), QColor(0x5a, 0x60, 0x5a)};
    return {QColor(236, 239, 244), QColor(150, 156, 150)};
}

void apply_viewer_theme(hfd::ModelViewer* viewer, bool dark) {
    const ViewColors colors = view_colors(dark);
    viewer->setBackgroundColors(colors.background, colors.grid);
}

Theme::Theme(QWidget* window, bool remember, QObject* parent) : QObject(parent), window_(window), remember_(remember) {
    platform_style_ = platform_style_name();
    menu_ = new QMenu(tr("&Theme"));
    menu_->setObjectName(QStringLiteral("themeMenu"));
    group_ = new QActionGroup(menu_);
    for (auto [choice, label] :
         {std::pair{ThemeChoice::System, tr("Follow &System")}, std::pair{ThemeChoice::Light, tr("&Light")},
          std::pair{ThemeChoice::Dark, tr("&Dark")}}) {
        QAction* item = menu_->addAction(label);
        item->setObjectName(QStringLiteral("theme_") + choice_name(choice));
        item->setCheckable(true);
        item->setData(int(choice));
        group_->addAction(item);
    }
    if (remember_) choice_ = choice_from_name(open_settings()->value(theme_key).toString());
    action(choice_)->setChecked(true);
    connect(group_, &QActionGroup::triggered, this,
            [this](QAction* item) { setChoice(ThemeChoice(item->data().toInt())); });
    platform_palette_ = readPlatformPalette();
    qApp->installEventFilter(this);
}

Theme::~Theme() { delete menu_; }

void Theme::addToMenu(QMenu* view_menu) { view_menu->addMenu(menu_); }

QAction* Theme::action(ThemeChoice choice) const {
    for (QAction* item : group_->actions())
        if (item->data().toInt() == int(choice)) return item;
    return nullptr;
}

void Theme::setChoice(ThemeChoice choice) {
    choice_ = choice;
    if (QAction* item = action(choice); item && !item->isChecked()) item->setChecked(true);
    if (remember_) open_settings()->setValue(theme_key, choice_name(choice));
    apply();
}

void Theme::setPlatformPaletteReader(std::function<QPalette()> reader) {
    platform_palette_reader_ = std::move(reader);
    followPlatform();
}

// The palette Qt resolves from the platform theme when the application sets
// none: reset the application palette for a moment (apply() sets it again).
QPalette Theme::readPlatformPalette() {
    if (platform_palette_reader_) return platform_palette_reader_();
    if (!QCoreApplication::testAttribute(Qt::AA_SetPalette)) return qApp->palette();
    applying_ = true;
    set_style(platform_style_);
    QApplication::setPalette(QPalette());
    QPalette palette = qApp->palette();
    applying_ = false;
    return palette;
}

void Theme::followPlatform() {
    follow_pending_ = false;
    if (choice_ != ThemeChoice::System) return;
    platform_palette_ = readPlatformPalette();
    apply();
}

void Theme::apply() {
    const bool platform_dark = is_dark_palette(platform_palette_);
    const bool dark = choice_ == ThemeChoice::Dark || (choice_ == ThemeChoice::System && platform_dark);
    applying_ = true;
    if (dark) {
        set_style(fusion);
        QApplication::setPalette(dark_palette());
    } else if (platform_dark) {  // Light on a dark desktop: Fusion's own light palette
        set_style(fusion);
        QApplication::setPalette(qApp->style()->standardPalette());
    } else {  // the desktop's own light look
        set_style(platform_style_);
        QApplication::setPalette(QPalette());
    }
    // Class palettes outlive the application's: set (or put back) every time.
    const QPalette check_boxes = dark ? dark_check_box_palette() : qApp->palette();
    QApplication::setPalette(check_boxes, "QCheckBox");
    applying_ = false;
    if (window_) {
        for (QChartView* view : window_->findChildren<QChartView*>()) apply_chart_theme(view->chart(), dark);
        for (hfd::ModelViewer* viewer : window_->findChildren<hfd::ModelViewer*>()) apply_viewer_theme(viewer, dark);
    }
    const bool changed = dark != dark_;
    dark_ = dark;
    if (changed) emit darkChanged(dark);
}

bool Theme::eventFilter(QObject* watched, QEvent* event) {
    const bool platform_changed =
        event->type() == QEvent::ThemeChange || (event->type() == QEvent::ApplicationPaletteChange && watched == qApp);
    if (platform_changed && !applying_ && choice_ == ThemeChoice::System && !follow_pending_) {
        // Sent to every window: follow once, after they all have it.
        follow_pending_ = true;
        QTimer::singleShot(0, this, &Theme::followPlatform);
    }
    return QObject::eventFilter(watched, event);
}

}  // namespace hfd::studio
