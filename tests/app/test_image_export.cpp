// File > Export > 3D view as PNG: the view's scene rendered offscreen at the
// size the user chose, whatever the widget's size, and written atomically.
// Rendering needs an OpenGL display (the _xvfb run); without one those cases
// check the clear error instead.
#include "export_actions.h"
#include "model_viewer.h"
#include "offscreen_image.h"
#include "prompts.h"
#include "simulation_controller.h"
#include "studio_test_support.h"

#include "model/build_model.h"

#include <QAction>
#include <QDir>
#include <QMenu>
#include <QTemporaryDir>
#include <QtTest>

using namespace hfd;
using namespace hfd::studio;

namespace {

const QString pendulum = QStringLiteral(HFD_SAMPLES_DIR "/pendulum.hfd");

bool near(const QColor& a, const QColor& b, int tolerance) {
    return std::abs(a.red() - b.red()) <= tolerance && std::abs(a.green() - b.green()) <= tolerance &&
           std::abs(a.blue() - b.blue()) <= tolerance;
}

// Fraction of pixels far from `background` in some channel: the scene drawn over it.
double drawn_fraction(const QImage& image, const QColor& background) {
    int drawn = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) drawn += !near(image.pixelColor(x, y), background, 40);
    return double(drawn) / (image.width() * image.height());
}

}  // namespace

class TestImageExport : public QObject {
    Q_OBJECT
    std::unique_ptr<ModelViewer> viewer_;

    // A shown view of the pendulum sample, rendered once at its own size.
    bool showPendulum() {
        BuildResult built = load_model(pendulum.toStdString());
        if (!built.ok()) return false;
        viewer_ = std::make_unique<ModelViewer>();
        viewer_->resize(400, 300);
        viewer_->show();
        if (!QTest::qWaitForWindowExposed(viewer_.get())) return false;
        viewer_->setModel(*built.model);
        viewer_->fitToModel();
        return !viewer_->grabRenderedImage().isNull();
    }

private slots:
    void cleanup() { viewer_.reset(); }

    void rendersTheViewAtTheChosenSize() {
        if (!studio_test::has_opengl_display()) QSKIP("needs an OpenGL display (runs under xvfb)");
        QVERIFY(showPendulum());
        const QImage view = viewer_->grabRenderedImage();
        const QColor background = view.pixelColor(2, 2);

        const QImage small = render_view_image(*viewer_, QSize(320, 180));
        const QImage large = render_view_image(*viewer_, QSize(640, 360));
        QCOMPARE(small.size(), QSize(320, 180));
        QCOMPARE(large.size(), QSize(640, 360));
        for (const QImage& image : {small, large}) {
            QVERIFY(near(image.pixelColor(1, 1), background, 8));  // the view's clear colour
            QVERIFY2(drawn_fraction(image, background) > 0.01, "the image shows no model");
        }
        // One picture at two resolutions: the same camera and framing, only sharper.
        const QImage reduced = large.scaled(small.size(), Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
        QVERIFY2(studio_test::mean_difference(reduced, small) < 6,
                 qPrintable(QString::number(studio_test::mean_difference(reduced, small))));
        // A portrait image of a landscape view is not a stretched copy: the scene keeps its proportions.
        const QImage portrait = render_view_image(*viewer_, QSize(180, 320));
        QCOMPARE(portrait.size(), QSize(180, 320));
        QVERIFY(studio_test::mean_difference(
                    portrait.scaled(small.size(), Qt::IgnoreAspectRatio, Qt::SmoothTransformation), small) > 1);

        // The view goes on at its own size afterwards.
        QCOMPARE(viewer_->grabRenderedImage().size(), view.size());
        QVERIFY(render_view_image(*viewer_, QSize(0, 10)).isNull());
        QVERIFY(render_view_image(*viewer_, QSize(10, max_view_image_side + 1)).isNull());
    }

    void exportAsksTheSizeAndWritesThePng() {
        const bool drawn = studio_test::has_opengl_display();
        if (drawn) QVERIFY(showPendulum());
        else viewer_ = std::make_unique<ModelViewer>();
        QTemporaryDir dir;
        SimulationController controller;
        StudioPrompts prompts;
        QStringList errors;
        QList<QSize> suggested;
        std::optional<QSize> answer = QSize(256, 128);
        QString path = dir.filePath("view.png");
        int paths_asked = 0;
        prompts.image_size = [&](QSize size) {
            suggested << size;
            return answer;
        };
        prompts.export_path = [&](const FileRequest&) { return ++paths_asked, path; };
        prompts.error = [&](const QString&, const QString& message) { errors << message; };
        ExportActions actions(&controller, &prompts, viewer_.get(), nullptr);
        QMenu file_menu;
        actions.addToMenu(&file_menu);
        QAction* export_view = nullptr;
        for (QAction* action : file_menu.findChildren<QAction*>())
            if (action->text().startsWith("3D view")) export_view = action;
        QVERIFY(export_view && export_view->isEnabled());

        export_view->trigger();
        QCOMPARE(suggested.size(), 1);
        QCOMPARE(suggested[0], viewer_->size() * viewer_->devicePixelRatioF());  // the view's own size to start from
        if (drawn) {
            QVERIFY2(errors.isEmpty(), qPrintable(errors.join("; ")));
            const QImage written(path);
            QCOMPARE(written.size(), QSize(256, 128));
            // the figure can be made again: the time and the camera travel in the file
            QCOMPARE(written.text("Time").toDouble(), viewer_->snapshot().time);
            const QStringList camera = written.text("Camera").split(' ');
            QCOMPARE(camera.size(), 12);
            const OrbitCamera& shown = viewer_->camera();
            QCOMPARE(camera[0], QStringLiteral("target"));
            QCOMPARE(camera[1].toDouble(), shown.target.x());
            QCOMPARE(camera[3].toDouble(), shown.target.z());
            QCOMPARE(camera[5].toDouble(), shown.distance);
            QCOMPARE(camera[7].toDouble(), shown.yaw);
            QCOMPARE(camera[9].toDouble(), shown.pitch);
            QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"view.png"});  // no leftovers
        } else {
            QCOMPARE(errors.size(), 1);  // says why instead of writing nothing silently
            QVERIFY(!QFile::exists(path));
        }

        // Cancelled at the size: no file is asked for.
        answer.reset();
        export_view->trigger();
        QCOMPARE(paths_asked, 1);

        // A size out of range is refused with the range, and nothing is written.
        errors.clear();
        path = dir.filePath("too_large.png");
        QVERIFY(!actions.saveViewImage(path, QSize(max_view_image_side + 1, 100)));
        QCOMPARE(errors.size(), 1);
        QVERIFY2(errors[0].contains(QString::number(max_view_image_side)), qPrintable(errors[0]));
        QVERIFY(!QFile::exists(path));
    }
};

STUDIO_TEST_MAIN(TestImageExport)
#include "test_image_export.moc"
