// View > Theme: Light and Dark reach the application palette, the editor's
// highlighting (readable on both backgrounds), the charts, the 3D view and the
// format reference; Follow System follows the desktop's palette when it
// changes; the choice is remembered for the next window.
#include "code_editor.h"
#include "editor_dock.h"
#include "format_reference_window.h"
#include "help_menu.h"
#include "main_window.h"
#include "model_viewer.h"
#include "studio_test_support.h"
#include "studio_settings.h"
#include "theme.h"
#include "viewer_pane.h"

#include <QAction>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QTextBlock>
#include <QTextBrowser>
#include <QtTest>
#include <cmath>

using namespace hfd;
using namespace hfd::studio;

namespace {

MainWindowOptions test_options() {
    MainWindowOptions options;
    options.use_dialogs = false;
    return options;
}

// WCAG 2 relative luminance and contrast ratio.
double luminance(const QColor& color) {
    auto channel = [](double c) { return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(color.redF()) + 0.7152 * channel(color.greenF()) + 0.0722 * channel(color.blueF());
}

double contrast(const QColor& a, const QColor& b) {
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

bool window_is_dark() { return qApp->palette().color(QPalette::Window).lightness() < 128; }

QList<QChart*> charts(MainWindow& window) {
    QList<QChart*> result;
    for (QChartView* view : window.findChildren<QChartView*>()) result << view->chart();
    return result;
}

}  // namespace

class TestTheme : public QObject {
    Q_OBJECT
private slots:
    void cleanup() {
        MainWindow window(test_options());
        window.theme()->setChoice(ThemeChoice::Light);  // the next test starts light
    }

    void darkAndLightReachEveryPart() {
        MainWindow window(test_options());
        Theme* theme = window.theme();
        editor::HfdHighlighter* highlighter =
            window.findChild<EditorDock*>()->editor()->document()->findChild<editor::HfdHighlighter*>();
        QVERIFY(highlighter);
        ModelViewer* viewer = window.viewerPane()->viewer();
        QVERIFY(viewer);
        QVERIFY(!charts(window).isEmpty());
        window.findChild<QAction*>(QStringLiteral("formatReferenceAction"))->trigger();
        FormatReferenceWindow* reference = window.findChild<FormatReferenceWindow*>();
        QVERIFY(reference);

        theme->setChoice(ThemeChoice::Light);
        QVERIFY(!window_is_dark());
        QTRY_VERIFY(!highlighter->darkBackground());  // widgets take the new palette from the event loop
        const QColor light_background = viewer->backgroundColor();
        QVERIFY(light_background.lightness() > 128);
        for (QChart* chart : charts(window)) QCOMPARE(chart->theme(), QChart::ChartThemeLight);

        QSignalSpy dark_changes(theme, &Theme::darkChanged);
        window.theme()->action(ThemeChoice::Dark)->trigger();
        QCOMPARE(theme->choice(), ThemeChoice::Dark);
        QVERIFY(theme->isDark());
        QCOMPARE(dark_changes.size(), 1);
        QVERIFY(window_is_dark());
        QCOMPARE(qApp->style()->name().toLower(), QStringLiteral("fusion"));
        QTRY_VERIFY(window.findChild<EditorDock*>()->editor()->palette().color(QPalette::Base).lightness() < 128);
        QTRY_VERIFY(highlighter->darkBackground());  // the editor follows its palette
        QVERIFY(viewer->backgroundColor().lightness() < 128);
        QVERIFY(viewer->gridColor() != QColor(150, 156, 150));
        for (QChart* chart : charts(window)) QCOMPARE(chart->theme(), QChart::ChartThemeDark);
        // The reference's code blocks are shaded with the dark palette's alternate base.
        bool shaded = false;
        for (QTextBlock block = reference->findChild<QTextBrowser*>()->document()->begin(); block.isValid();
             block = block.next())
            if (block.blockFormat().hasProperty(QTextFormat::BlockCodeFence)) {
                QCOMPARE(block.blockFormat().background().color(), reference->palette().color(QPalette::AlternateBase));
                QVERIFY(block.blockFormat().background().color().lightness() < 128);
                shaded = true;
            }
        QVERIFY(shaded);

        theme->setChoice(ThemeChoice::Light);
        QVERIFY(!window_is_dark());
        QTRY_VERIFY(!highlighter->darkBackground());  // widgets take the new palette from the event loop
        QCOMPARE(viewer->backgroundColor(), light_background);
        for (QChart* chart : charts(window)) QCOMPARE(chart->theme(), QChart::ChartThemeLight);
    }

    // Every kind of token reads on the text background of both themes (WCAG AA: 4.5:1).
    void highlighterColoursReadOnBothBackgrounds() {
        QTextDocument document;
        editor::HfdHighlighter highlighter(&document);
        const QColor light_base = QApplication::style()->standardPalette().color(QPalette::Base);
        const QColor dark_base = dark_palette().color(QPalette::Base);
        QVERIFY(light_base.lightness() > 200);
        for (bool dark : {false, true}) {
            highlighter.setDarkBackground(dark);
            for (int kind = 0; kind <= int(editor::TokenKind::Bracket); ++kind) {
                const QColor color = highlighter.format_of(editor::TokenKind(kind)).foreground().color();
                const double ratio = contrast(color, dark ? dark_base : light_base);
                QVERIFY2(ratio >= 4.5,
                         qPrintable(
                             QStringLiteral("kind %1 on %2: %3:1").arg(kind).arg(dark ? "dark" : "light").arg(ratio)));
            }
        }
        const QPalette dark = dark_palette();
        QVERIFY(contrast(dark.color(QPalette::Text), dark.color(QPalette::Base)) >= 7);
        QVERIFY(contrast(dark.color(QPalette::WindowText), dark.color(QPalette::Window)) >= 7);
    }

    void followSystemTracksTheDesktop() {
        MainWindow window(test_options());
        Theme* theme = window.theme();
        QPalette desktop = QApplication::style()->standardPalette();  // a light desktop
        theme->setPlatformPaletteReader([&desktop] { return desktop; });
        theme->setChoice(ThemeChoice::System);
        QVERIFY(!theme->isDark());
        QVERIFY(!window_is_dark());

        desktop = dark_palette();  // the desktop switches to dark and tells the windows
        QEvent change(QEvent::ThemeChange);
        QCoreApplication::sendEvent(&window, &change);
        QTRY_VERIFY(theme->isDark());
        QVERIFY(window_is_dark());
        QVERIFY(window.viewerPane()->viewer()->backgroundColor().lightness() < 128);

        desktop = QApplication::style()->standardPalette();
        desktop.setColor(QPalette::Window, QColor(0xf0, 0xf0, 0xf0));
        QEvent back(QEvent::ThemeChange);
        QCoreApplication::sendEvent(&window, &back);
        QTRY_VERIFY(!theme->isDark());
        QVERIFY(!window_is_dark());

        // An explicit choice does not follow the desktop.
        theme->setChoice(ThemeChoice::Light);
        desktop = dark_palette();
        QEvent ignored(QEvent::ThemeChange);
        QCoreApplication::sendEvent(&window, &ignored);
        QCoreApplication::processEvents();
        QVERIFY(!theme->isDark());
        theme->setPlatformPaletteReader(nullptr);
    }

    void choiceIsRememberedByTheNextWindow() {
        {
            MainWindow window(test_options());
            window.theme()->setChoice(ThemeChoice::Dark);
        }
        QVERIFY(studio_test::settings_are_isolated(open_settings()->fileName()));
        MainWindow window(test_options());
        QCOMPARE(window.theme()->choice(), ThemeChoice::Dark);
        QVERIFY(window.theme()->action(ThemeChoice::Dark)->isChecked());
        QVERIFY(window.theme()->isDark());
        QVERIFY(window_is_dark());
    }
};

STUDIO_TEST_MAIN(TestTheme)
#include "test_theme.moc"
