#pragma once
// Running the hfd command-line tool from a test: its exit code and what it printed.
#include <QFileInfo>
#include <QProcess>
#include <QString>
#include <QStringList>

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

// `hfd <arguments>` in `directory`, killed after `timeout_ms`.
inline CliRun run_hfd(const QString& hfd, const QString& directory, const QStringList& arguments,
                      int timeout_ms = 20000) {
    QProcess process;
    process.setWorkingDirectory(directory);
    process.start(hfd, arguments);
    CliRun result;
    if (!process.waitForFinished(timeout_ms)) {
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
