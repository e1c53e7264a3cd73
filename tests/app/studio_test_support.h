#pragma once
// Shared by the app tests: settings redirected to a temporary directory, a
// small valid model, file helpers.
#include <QDir>
#include <QGuiApplication>
#include <QImage>
#include <QFile>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>
#include <cstdlib>

namespace studio_test {

// Call from initTestCase(): QSettings then read and write below `dir` only.
inline void isolate_settings(const QTemporaryDir& dir) {
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir.filePath(QStringLiteral("settings")));
    QSettings settings(QSettings::NativeFormat, QSettings::UserScope, QStringLiteral("hfd"),
                       QStringLiteral("hfd-studio"));
    settings.clear();
}

// The settings file the studio uses lies below the temporary directory.
inline bool settings_are_isolated(const QString& settings_file) {
    return settings_file.startsWith(QDir::tempPath()) ||
           settings_file.startsWith(QDir::cleanPath(qEnvironmentVariable("TMPDIR")));
}

}  // namespace studio_test

// QTEST_MAIN whose settings live in a temporary directory from the start, so
// that no test reads or writes the user's (recent files, window layout).
#define STUDIO_TEST_MAIN(TestObject)                                                     \
    QTEST_MAIN_WRAPPER(TestObject, QTEST_MAIN_SETUP() QTemporaryDir studio_settings_dir; \
                       studio_test::isolate_settings(studio_settings_dir);)

namespace studio_test {

// Two bodies: static ground and a link hanging from it by a hinge.
inline const char* pendulum_text() {
    return "model {\n"
           "\tname = pendulum\n"
           "\tbody {\n"
           "\t\tname = ground\n"
           "\t\tmass = 0\n"
           "\t\tinertia { x = 0 y = 0 z = 0 }\n"
           "\t}\n"
           "\tbody {\n"
           "\t\tname = link\n"
           "\t\tmass = 2.5\n"
           "\t\tinertia { x = 0.1 y = 0.1 z = 0.1 }\n"
           "\t\tpos { x = 0 y = 1 z = 0 }\n"
           "\t\tjoint {\n"
           "\t\t\tname = hinge\n"
           "\t\t\tparent = ground\n"
           "\t\t\tpos_in_parent { x = 0 y = 1.5 z = 0 }\n"
           "\t\t\tpos_in_child { x = 0 y = 0.5 z = 0 }\n"
           "\t\t}\n"
           "\t}\n"
           "}\n";
}

// A stiff hinge (joint_stiffness 1e12) under forward Euler with a coarse 0.05 s
// step: omega h = sqrt(1e12 / 2.5) 0.05 >> 2, so the run blows up at once.
inline const char* exploding_text() {
    return R"(
model {
	name = exploding
	model_options { joint_stiffness = 1e12 }
	body { name = ground mass = 0 inertia { x = 0 y = 0 z = 0 } }
	body { name = link mass = 2.5 inertia { x = 0.1 y = 0.1 z = 0.1 } pos { x = 0.1 y = 1 z = 0 }
		joint { name = hinge parent = ground pos_in_parent { x = 0 y = 1.5 z = 0 } pos_in_child { x = 0 y = 0.5 z = 0 } }
	}
}
composite_force { joint_force_pnld {} }
forward_euler_integrator { step_size = 0.05 }
)";
}

// A display the 3D view renders on (the _xvfb runs); the offscreen runs check
// the clear error instead.
inline bool has_opengl_display() {
    const QString platform = QGuiApplication::platformName();
    return platform != "offscreen" && platform != "minimal" && !qEnvironmentVariableIsSet("HFD_VIEWER_NO_3D");
}

// Mean absolute difference per colour channel (0..255) of two images of one size.
inline double mean_difference(const QImage& a, const QImage& b) {
    const QImage x = a.convertToFormat(QImage::Format_RGBA8888), y = b.convertToFormat(QImage::Format_RGBA8888);
    double sum = 0;
    for (int row = 0; row < x.height(); ++row) {
        const uchar *p = x.constScanLine(row), *q = y.constScanLine(row);
        for (int i = 0; i < x.width() * 4; ++i)
            if (i % 4 != 3) sum += std::abs(int(p[i]) - int(q[i]));
    }
    return sum / (x.width() * x.height() * 3.0);
}

// Repeating timers that are running at display rates: each wakes the studio up
// while it should sleep (a status message's few-second timeout is a one-off).
inline QStringList running_repeating_timers(const QList<QTimer*>& timers) {
    QStringList running;
    for (QTimer* timer : timers)
        if (timer->isActive() && !timer->isSingleShot() && timer->interval() < 1000)
            running << QStringLiteral("%1 (%2, every %3 ms)")
                           .arg(timer->objectName(), timer->parent() ? timer->parent()->metaObject()->className() : "")
                           .arg(timer->interval());
    return running;
}

inline bool write_file(const QString& path, const QByteArray& content) {
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) return false;
    return file.write(content) == content.size();
}

inline QByteArray read_file(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

}  // namespace studio_test
