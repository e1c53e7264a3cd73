#include "hfd_highlighter.h"

#include <QPlainTextDocumentLayout>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>
#include <QtTest>

using hfd::editor::HfdHighlighter;
using hfd::editor::tokenize_line;
using hfd::editor::TokenKind;
using hfd::editor::TokenSpan;

class TestHfdHighlighter : public QObject {
    Q_OBJECT

    // The span that starts at the first occurrence of `word` in `line`.
    static const TokenSpan* span_of(const std::vector<TokenSpan>& spans, const QString& line, const QString& word) {
        int start = line.indexOf(word);
        for (const TokenSpan& span : spans)
            if (span.start == start) return &span;
        return nullptr;
    }

private slots:
    void keysComponentsNumbersStringsVariables() {
        const QString line =
            QStringLiteral("\tbody { name = \"my body\" mass = 1.5e-2 stiffness = $k limits = -10..20 }");
        bool in_comment = false;
        auto spans = tokenize_line(line, in_comment);
        QVERIFY(!in_comment);
        struct Expect {
            QString text;
            TokenKind kind;
        };
        for (const Expect& e : {Expect{"body", TokenKind::Component}, Expect{"name", TokenKind::Key},
                                Expect{"\"my body\"", TokenKind::String}, Expect{"mass", TokenKind::Key},
                                Expect{"1.5e-2", TokenKind::Number}, Expect{"$k", TokenKind::Variable},
                                Expect{"-10..20", TokenKind::Number}}) {
            const TokenSpan* span = span_of(spans, line, e.text);
            QVERIFY2(span, qPrintable(e.text));
            QCOMPARE(span->kind, e.kind);
            QCOMPARE(span->length, e.text.size());
        }
        // A plain identifier value (not a key) gets no format.
        const QString plain = QStringLiteral("parent = ground");
        auto plain_spans = tokenize_line(plain, in_comment);
        QCOMPARE(int(plain_spans.size()), 1);
        QCOMPARE(plain_spans[0], (TokenSpan{0, 6, TokenKind::Key}));
    }

    void componentNames() {
        for (const char* name : {"joint_force_pnld", "planar_joint_force_pd", "contact_force_hunt_crossley_sb",
                                 "muscle_force_m2012fast", "error_control_integrator_pse",
                                 "planar_symplectic_euler_integrator", "point_path_muscle", "composite_force"})
            QVERIFY2(hfd::editor::is_component_name(QString::fromLatin1(name)), name);
        for (const char* name : {"name", "mass", "pos_in_parent", "stiffness"})
            QVERIFY2(!hfd::editor::is_component_name(QString::fromLatin1(name)), name);
        bool in_comment = false;
        auto spans = tokenize_line(u"error_control_integrator_mem { accuracy = 0.01 }", in_comment);
        QCOMPARE(spans[0].kind, TokenKind::Component);
    }

    void comments() {
        bool in_comment = false;
        const QString line = QStringLiteral("mass = 1 # a comment { with } braces");
        auto spans = tokenize_line(line, in_comment);
        QCOMPARE(spans.back(),
                 (TokenSpan{int(line.indexOf('#')), int(line.size() - line.indexOf('#')), TokenKind::Comment}));
        QCOMPARE(int(spans.size()), 3);  // mass, 1, comment

        // A block comment over three lines, with code after its end.
        auto first = tokenize_line(u"x = 1 /* start", in_comment);
        QVERIFY(in_comment);
        QCOMPARE(first.back(), (TokenSpan{6, 8, TokenKind::Comment}));
        auto middle = tokenize_line(u"body { name = x }", in_comment);
        QVERIFY(in_comment);
        QCOMPARE(int(middle.size()), 1);
        QCOMPARE(middle[0], (TokenSpan{0, 17, TokenKind::Comment}));
        auto last = tokenize_line(u"end */ mass = 2", in_comment);
        QVERIFY(!in_comment);
        QCOMPARE(last[0], (TokenSpan{0, 6, TokenKind::Comment}));
        QCOMPARE(last[1], (TokenSpan{7, 4, TokenKind::Key}));
        QCOMPARE(last[2], (TokenSpan{14, 1, TokenKind::Number}));
    }

    void quotedStringKeepsBracesAndHashes() {
        bool in_comment = false;
        const QString line = QStringLiteral("name = \"a # not { comment\" x = 1");
        auto spans = tokenize_line(line, in_comment);
        QCOMPARE(spans[1], (TokenSpan{7, 19, TokenKind::String}));
        QCOMPARE(spans[2].kind, TokenKind::Key);
    }

    // The QSyntaxHighlighter applies those spans to the document's blocks,
    // carrying the block comment state from line to line: every token of a kind
    // gets that kind's format, and the kinds look different.
    void highlighterFormatsDocument() {
        QTextDocument document;
        document.setDocumentLayout(new QPlainTextDocumentLayout(&document));
        document.setPlainText(QStringLiteral("/* one\ntwo */ body {\n\tmass = 3\n}\n# single\njoint { x = 7 }"));
        HfdHighlighter highlighter(&document);
        highlighter.rehighlight();
        auto format_at = [&](int block_number, int column) {
            QTextBlock block = document.findBlockByNumber(block_number);
            for (const QTextLayout::FormatRange& range : block.layout()->formats())
                if (column >= range.start && column < range.start + range.length) return range.format;
            return QTextCharFormat();
        };
        // the kinds as formatted on the last two lines, where no state is carried over
        const QColor comment = format_at(4, 2).foreground().color();    // "# single"
        const QColor component = format_at(5, 0).foreground().color();  // "joint"
        const QColor key = format_at(5, 8).foreground().color();        // "x"
        const QColor number = format_at(5, 12).foreground().color();    // "7"
        const QList<QColor> kinds{comment, component, key, number};
        for (qsizetype a = 0; a < kinds.size(); ++a)
            for (qsizetype b = a + 1; b < kinds.size(); ++b)
                QVERIFY2(kinds[a] != kinds[b], qPrintable(QString("%1 %2").arg(a).arg(b)));
        QCOMPARE(format_at(0, 3).foreground().color(), comment);
        QCOMPARE(format_at(1, 0).foreground().color(), comment);    // "two */" continues the comment
        QCOMPARE(format_at(1, 7).foreground().color(), component);  // "body"
        QVERIFY(format_at(1, 7).fontWeight() == QFont::Bold);
        QCOMPARE(format_at(2, 1).foreground().color(), key);                  // "mass"
        QCOMPARE(format_at(2, 8).foreground().color(), number);               // "3"
        QVERIFY(!format_at(2, 6).hasProperty(QTextFormat::ForegroundBrush));  // "=" is not formatted
    }
};

QTEST_MAIN(TestHfdHighlighter)
#include "test_hfd_highlighter.moc"
