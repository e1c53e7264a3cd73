#include "text_positions.h"

#include <QPlainTextDocumentLayout>
#include <QTextDocument>
#include <QtTest>

using namespace hfd::editor;

class TestTextPositions : public QObject {
    Q_OBJECT
private slots:
    void convertsMultiByteCharacters() {
        // "é" is 2 UTF-8 bytes / 1 UTF-16 unit; "😀" 4 bytes / 2 units.
        const QString text = QString::fromUtf8(
            "a\xc3\xa9"
            "b\xf0\x9f\x98\x80"
            "c");
        const QByteArray utf8 = text.toUtf8();
        for (int i = 0; i <= text.size(); ++i) {
            if (i < text.size() && text[i].isLowSurrogate()) continue;
            int bytes = utf8_offset_from_utf16(text, i);
            QCOMPARE(bytes, int(text.left(i).toUtf8().size()));
            QCOMPARE(utf16_index_from_utf8(text, bytes), i);
        }
        QCOMPARE(utf16_index_from_utf8(text, int(utf8.indexOf('c'))), int(text.indexOf('c')));
        QCOMPARE(utf16_index_from_utf8(text, 1000), int(text.size()));
    }

    void lineAndByteColumnToPosition() {
        QTextDocument document;
        document.setDocumentLayout(new QPlainTextDocumentLayout(&document));
        document.setPlainText(QString::fromUtf8("first\nname = \"\xc3\xa9t\xc3\xa9\" x\nlast"));
        // Line 2: the x is at byte column 16 (the two é are 2 bytes each).
        int position = position_from_line_column(&document, 2, 16);
        QCOMPARE(document.characterAt(position), QChar('x'));
        QCOMPARE(position_from_line_column(&document, 3, 1), int(document.toPlainText().indexOf("last")));
        QCOMPARE(position_from_line_column(&document, 3, 0), int(document.toPlainText().indexOf("last")));
        QCOMPARE(position_from_line_column(&document, 4, 1), -1);
        QCOMPARE(position_from_line_column(&document, 0, 1), -1);
    }
};

QTEST_MAIN(TestTextPositions)
#include "test_text_positions.moc"
