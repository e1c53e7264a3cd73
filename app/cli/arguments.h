#pragma once
// The words of a command line, as every hfd subcommand reads them: "-h" or
// "--help"; "--key=value" or "--key value" for an option that takes a value;
// anything not starting with '-' (and "-" alone) is positional.
#include "commands.h"
#include "format/diagnostic.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hfd::cli {

struct Word {
    enum class Kind { Help, Positional, Option } kind = Kind::Positional;
    std::string name;   // "--config", or the positional text
    std::string value;  // of an option
};

// takes_value(name) says whether an option is known (all known options take a
// value). Returns an error message for an unknown option or a missing value.
std::optional<std::string> split_words(const Args& args, const std::function<bool(std::string_view)>& takes_value,
                                       std::vector<Word>& words);

// A finite number > 0 written entirely in `text` (locale-independent), else nullopt.
std::optional<double> parse_positive_number(const std::string& text);

// Why `out` cannot be written to, checked before a run: its folder does not
// exist, or a part of its path is a file, not a directory ("afile/p.csv" with
// afile a regular file); nullopt when its folder is there.
std::optional<std::string> output_directory_problem(const std::string& out);

// Writes diagnostics to stderr, one a line, with at most a few of each kind
// (format/repeated_diagnostics.h): millions of the same warning print a count.
void print_diagnostics(const std::vector<Diagnostic>& diagnostics);

// What a command is doing, for main()'s message when memory runs out in it:
// "out of memory while reading the model 'm.hfd'". An activity left by an
// exception is kept (the innermost one) and named by Activity::failed().
class Activity {
public:
    explicit Activity(std::string what);
    ~Activity();
    Activity(const Activity&) = delete;
    Activity& operator=(const Activity&) = delete;
    // The innermost activity an exception left, or "".
    static const std::string& failed();

private:
    std::string what_;
    int exceptions_at_start_;
};

// takes_value for a fixed list of option names.
std::function<bool(std::string_view)> one_of(std::initializer_list<std::string_view> names);

}  // namespace hfd::cli
