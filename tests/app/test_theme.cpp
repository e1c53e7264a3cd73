// View > Theme: Light and Dark reach the application palette, the editor's
// highlighting (readable on both backgrounds), the charts, the 3D view and the
// format reference; Follow System follows the desktop's palette when it
// changes; the choice is remembered for the next window.
#include "code_editor.h"
#include "document.h"
#include "editor_dock.h"
#include "format_reference_window.h"
#include "help_menu.h"
#include "hfd_highlighter.h"
#include "main_window.h"
#include "model_viewer.h"
#include "studio_test_support.h"
#include "studio_settings.h"
#include "theme.h"
#include "viewer_pane.h"

#include <QAction>
#include <QApplication>
#include <QChart>
#include <QGuiApplication>
#include <QChartView>
#include <QCheckBox>
#include <QStyleOptionButton>
#include <QTreeWidget>
#include <QPlainTextDocumentLayout>
#include <QTextBlock>
#include <QTextLayout>
#include <QTextBrowser>
#include <QtTest>
#include <cmath>
#include <set>

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

// A line with a token of every kind: component, bracket, key, string, variable, number, comment.
const QString every_token = QStringLiteral("body { name = \"s\" mass = $m pos = 1 } # c");

// The lowest contrast of the highlighted text of `document` on `background`
// (every format range the highlighter set); 0 when nothing is highlighted.
double lowest_highlight_contrast(const QTextDocument* document, const QColor& background) {
    double lowest = INFINITY;
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next())
        for (const QTextLayout::FormatRange& range : block.layout()->formats())
            lowest = std::min(lowest, contrast(range.format.foreground().color(), background));
    return std::isfinite(lowest) ? lowest : 0;
}

// The 3D view's clear colour as drawn (its top-left pixel, no model open) once it
// is dark or light as wanted; invalid when it never is. Only a display with
// OpenGL has a 3D view (the _xvfb run); elsewhere there is nothing drawn to check.
QColor view_background(MainWindow& window, bool dark) {
    const QImage frame = window.viewerPane()->viewer()->grabImageWhen(
        [dark](const QImage& image) { return (image.pixelColor(2, 2).lightness() < 128) == dark; });
    return frame.isNull() ? QColor() : frame.pixelColor(2, 2);
}

// The strongest contrast of any pixel of an unticked check box's indicator against
// the background it sits on, as drawn: a box that cannot be seen is near 1.
double unticked_box_contrast(QWidget& parent) {
    QCheckBox box(QStringLiteral("show"), &parent);
    box.resize(box.sizeHint());
    box.setChecked(false);
    QStyleOptionButton option;
    option.initFrom(&box);
    const QRect indicator = box.style()->subElementRect(QStyle::SE_CheckBoxIndicator, &option, &box);
    QImage image(box.size(), QImage::Format_ARGB32);
    image.fill(parent.palette().color(QPalette::Window));
    box.render(&image, QPoint(), QRegion(), QWidget::DrawChildren);
    const QColor background = parent.palette().color(QPalette::Window);
    double strongest = 1;
    for (int y = indicator.top(); y <= indicator.bottom(); ++y)
        for (int x = indicator.left(); x <= indicator.right(); ++x)
            strongest = std::max(strongest, contrast(image.pixelColor(x, y), background));
    return strongest;
}

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
        window.findChild<Theme*>()->setChoice(ThemeChoice::Light);  // the next test starts light
    }

    void darkAndLightReachEveryPart() {
        MainWindow window(test_options());
        Theme* theme = window.findChild<Theme*>();
        editor::CodeEditor* editor = window.findChild<EditorDock*>()->editor();
        window.document()->setUntitled(every_token, {}, false);
        // the highlighted text reads on the editor's background (WCAG AA: 4.5:1)
        auto highlight_reads = [editor] {
            return lowest_highlight_contrast(editor->document(), editor->palette().color(QPalette::Base)) >= 4.5;
        };
        ModelViewer* viewer = window.viewerPane()->viewer();
        QVERIFY(viewer);
        QVERIFY(!charts(window).isEmpty());
        window.findChild<QAction*>(QStringLiteral("formatReferenceAction"))->trigger();
        FormatReferenceWindow* reference = window.findChild<FormatReferenceWindow*>();
        QVERIFY(reference);

        theme->setChoice(ThemeChoice::Light);
        QVERIFY(!window_is_dark());
        QTRY_VERIFY(editor->palette().color(QPalette::Base).lightness() > 128);  // from the event loop
        QTRY_VERIFY(highlight_reads());
        const bool drawn = studio_test::has_opengl_display();
        if (drawn) {
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
        }
        const QColor light_background = drawn ? view_background(window, false) : QColor();
        QVERIFY(!drawn || light_background.isValid());
        for (QChart* chart : charts(window)) QCOMPARE(chart->theme(), QChart::ChartThemeLight);

        QSignalSpy dark_changes(theme, &Theme::darkChanged);
        window.findChild<Theme*>()->action(ThemeChoice::Dark)->trigger();
        QVERIFY(theme->action(ThemeChoice::Dark)->isChecked());
        QVERIFY(!theme->action(ThemeChoice::Light)->isChecked());
        QCOMPARE(dark_changes.size(), 1);
        QCOMPARE(dark_changes.at(0).at(0).toBool(), true);
        QVERIFY(window_is_dark());
        QCOMPARE(qApp->style()->name().toLower(), QStringLiteral("fusion"));
        QTRY_VERIFY(window.findChild<EditorDock*>()->editor()->palette().color(QPalette::Base).lightness() < 128);
        QTRY_VERIFY(highlight_reads());  // the highlighting follows the editor's palette
        if (drawn) QVERIFY2(view_background(window, true).isValid(), "the 3D view stays light");
        // The grid is set with the background (test_model_viewer_render: the grid takes its colour);
        // on the dark background it is a light line, and not the light theme's.
        QVERIFY(view_colors(true).grid != view_colors(false).grid);
        QVERIFY(view_colors(true).grid.lightness() > view_colors(true).background.lightness() + 30);
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
        QTRY_VERIFY(editor->palette().color(QPalette::Base).lightness() > 128);  // from the event loop
        QTRY_VERIFY(highlight_reads());
        if (drawn) QCOMPARE(view_background(window, false), light_background);
        for (QChart* chart : charts(window)) QCOMPARE(chart->theme(), QChart::ChartThemeLight);
    }

    // An unticked check box is seen in the dark theme: its outline has at least the 3:1
    // contrast WCAG asks of a control's boundary (the light theme is the desktop's own
    // look, or Fusion's), and going back to light gives the light box again.
    void untickedCheckBoxesShowInTheDarkTheme() {
        MainWindow window(test_options());
        Theme* theme = window.findChild<Theme*>();
        theme->setChoice(ThemeChoice::Light);
        QWidget light_page;
        const double light = unticked_box_contrast(light_page);
        theme->setChoice(ThemeChoice::Dark);
        QWidget dark_page;
        const double dark = unticked_box_contrast(dark_page);
        QVERIFY2(dark >= 3, qPrintable(QString::number(dark)));
        theme->setChoice(ThemeChoice::Light);
        QWidget light_again;
        QCOMPARE(unticked_box_contrast(light_again), light);
    }

    // Every kind of token reads on the text background of both themes (WCAG AA: 4.5:1).
    void highlighterColoursReadOnBothBackgrounds() {
        QTextDocument document;
        document.setDocumentLayout(new QPlainTextDocumentLayout(&document));
        document.setPlainText(every_token);
        bool in_comment = false;
        std::set<editor::TokenKind> kinds;
        for (const editor::TokenSpan& span : editor::tokenize_line(every_token, in_comment)) kinds.insert(span.kind);
        QCOMPARE(int(kinds.size()), int(editor::TokenKind::Bracket) + 1);  // the line holds every kind
        editor::HfdHighlighter highlighter(&document);
        const QColor light_base = QApplication::style()->standardPalette().color(QPalette::Base);
        const QColor dark_base = dark_palette().color(QPalette::Base);
        QVERIFY(light_base.lightness() > 200);
        for (bool dark : {false, true}) {
            highlighter.setDarkBackground(dark);
            highlighter.rehighlight();  // the first pass is otherwise left to the event loop
            const QTextLayout* layout = document.firstBlock().layout();
            in_comment = false;
            for (const editor::TokenSpan& span : editor::tokenize_line(every_token, in_comment)) {
                QColor color;  // as drawn at the token
                for (const QTextLayout::FormatRange& range : layout->formats())
                    if (span.start >= range.start && span.start < range.start + range.length)
                        color = range.format.foreground().color();
                QVERIFY2(color.isValid(), qPrintable(QStringLiteral("kind %1 not highlighted").arg(int(span.kind))));
                const double ratio = contrast(color, dark ? dark_base : light_base);
                QVERIFY2(ratio >= 4.5, qPrintable(QStringLiteral("kind %1 on %2: %3:1")
                                                      .arg(int(span.kind))
                                                      .arg(dark ? "dark" : "light")
                                                      .arg(ratio)));
            }
        }
        const QPalette dark = dark_palette();
        QVERIFY(contrast(dark.color(QPalette::Text), dark.color(QPalette::Base)) >= 7);
        QVERIFY(contrast(dark.color(QPalette::WindowText), dark.color(QPalette::Window)) >= 7);
    }

    void followSystemTracksTheDesktop() {
        MainWindow window(test_options());
        Theme* theme = window.findChild<Theme*>();
        QPalette desktop = QApplication::style()->standardPalette();  // a light desktop
        theme->setPlatformPaletteReader([&desktop] { return desktop; });
        theme->setChoice(ThemeChoice::System);
        QVERIFY(!window_is_dark());

        desktop = dark_palette();  // the desktop switches to dark and tells the windows
        QEvent change(QEvent::ThemeChange);
        QCoreApplication::sendEvent(&window, &change);
        QTRY_VERIFY(window_is_dark());
        if (studio_test::has_opengl_display()) {
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QVERIFY2(view_background(window, true).isValid(), "the 3D view stays light");
        }

        desktop = QApplication::style()->standardPalette();
        desktop.setColor(QPalette::Window, QColor(0xf0, 0xf0, 0xf0));
        QEvent back(QEvent::ThemeChange);
        QCoreApplication::sendEvent(&window, &back);
        QTRY_VERIFY(!window_is_dark());

        // An explicit choice does not follow the desktop.
        theme->setChoice(ThemeChoice::Light);
        desktop = dark_palette();
        QEvent ignored(QEvent::ThemeChange);
        QCoreApplication::sendEvent(&window, &ignored);
        QCoreApplication::processEvents();
        QVERIFY(!window_is_dark());
        theme->setPlatformPaletteReader(nullptr);
    }

    void choiceIsRememberedByTheNextWindow() {
        {
            MainWindow window(test_options());
            window.findChild<Theme*>()->setChoice(ThemeChoice::Dark);
        }
        QVERIFY(studio_test::settings_are_isolated(open_settings()->fileName()));
        MainWindow window(test_options());
        QVERIFY(window.findChild<Theme*>()->action(ThemeChoice::Dark)->isChecked());
        QVERIFY(window_is_dark());
    }
};

STUDIO_TEST_MAIN(TestTheme)
#include "test_theme.moc"
