#pragma once
// The studio's compiled-in files (resources/resources.qrc: the File > New
// template, the format reference). They live in the static studio library,
// whose resource object the linker drops unless something refers to it, so
// every reader of a ":/" path calls this first.
namespace hfd::studio {

// Registers the resources once; cheap to call again.
void ensure_studio_resources();

}  // namespace hfd::studio
