#pragma once
// Running the hfd command-line tool from a test: its exit code and what it printed.
#include <QFileInfo>
#include <QProcess>
#include <QString>
#include <QStringList>

#include <functional>
#include "test_time_scale.h"

namespace hfd::test {

struct CliRun {
    int exit_code = -1;  // -1: did not finish in time, -2: crashed
    QString out, err;
};

// build/bin/hfd, or empty when the tool is not built (tests then QSKIP).
inline QString built_hfd() {
    const QString path = QString(HFD_BIN_DIR) + "/hfd";
    return QFileInfo::exists(path) ? path : QString();
}

// `hfd <arguments>` in `directory`, killed after `timeout_ms`; `in_child`
// runs in the child process before exec (e.g. to set a resource limit).
inline CliRun run_hfd(const QString& hfd, const QString& directory, const QStringList& arguments,
                      int timeout_ms = 20000, const std::function<void()>& in_child = {}) {
    QProcess process;
    process.setWorkingDirectory(directory);
    if (in_child) process.setChildProcessModifier(in_child);
    process.start(hfd, arguments);
    CliRun result;
    if (!process.waitForFinished(hfd::test::scaled_ms(timeout_ms))) {
        process.kill();
        process.waitForFinished();
        return result;
    }
    result.exit_code = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError());
    return result;
}

}  // namespace hfd::test
