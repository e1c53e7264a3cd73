#pragma once
// View > Theme: Follow System, Light or Dark, remembered in the settings.
// Dark is the Fusion style with a designed dark palette; Light is the
// platform's own look, or Fusion's light palette when the desktop is dark.
// "Follow System" decides from the platform palette (its window colour's
// lightness: Qt 6.4 has no colour-scheme query) and follows the desktop when
// it changes (ThemeChange / ApplicationPaletteChange). Whatever paints its own
// colours (the 3D view, the charts, the format reference) is told through
// darkChanged(); the editor follows the palette by itself.
#include <QObject>
#include <QPalette>
#include <QString>
#include <functional>

class QAction;
class QActionGroup;
class QChart;
class QColor;
class QMenu;
class QWidget;

namespace hfd {
class ModelViewer;
}

namespace hfd::studio {

enum class ThemeChoice { System, Light, Dark };

// True when the palette's window colour is dark.
bool is_dark_palette(const QPalette& palette);
QPalette dark_palette();
// The chart theme of the application's current palette; keeps the series colours.
void apply_chart_theme(QChart* chart, bool dark);
// The 3D view's background and floor-grid colours for a theme.
struct ViewColors {
    QColor background, grid;
};
ViewColors view_colors(bool dark);
void apply_viewer_theme(hfd::ModelViewer* viewer, bool dark);

class Theme : public QObject {
    Q_OBJECT
public:
    // window: the charts and the 3D view below it follow the theme.
    // remember = false: start from Follow System and leave the settings alone.
    Theme(QWidget* window, bool remember = true, QObject* parent = nullptr);
    ~Theme() override;

    void addToMenu(QMenu* view_menu);
    QAction* action(ThemeChoice choice) const;

    void setChoice(ThemeChoice choice);
    // Applies the current choice to the application and the window's charts and view.
    void apply();

    // Where "Follow System" reads the desktop's palette; replaceable for tests.
    void setPlatformPaletteReader(std::function<QPalette()> reader);

signals:
    void darkChanged(bool dark);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QPalette readPlatformPalette();
    void followPlatform();

    QWidget* window_;
    bool remember_;
    ThemeChoice choice_ = ThemeChoice::System;
    bool dark_ = false;
    bool applying_ = false;
    bool follow_pending_ = false;
    QString platform_style_;     // the style the application started with
    QPalette platform_palette_;  // the desktop's palette, last read
    std::function<QPalette()> platform_palette_reader_;
    QMenu* menu_ = nullptr;
    QActionGroup* group_ = nullptr;
};

}  // namespace hfd::studio
