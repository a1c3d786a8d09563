// seal_indexes(): seals every KeyIndex of a compiled program (see
// KeyIndex::seal in schema/key_index.h), once nothing more is added.
#include "schema/program.h"

namespace tc::schema::detail {

void seal_indexes(Program& program) {
  for (Subschema& s : program.subschemas) {
    for (CheckList* list : {&s.any, &s.number, &s.string, &s.array, &s.object}) {
      for (auto& check : *list) {
        switch (check->op) {
          case Op::Object: static_cast<ObjectCheck&>(*check).index.seal(); break;
          case Op::EnumStrings: static_cast<EnumStringsCheck&>(*check).index.seal(); break;
          case Op::AllOf:
            if (auto& d = static_cast<SubsCheck&>(*check).dispatch) d->values.seal();
            break;
          default: break;
        }
      }
    }
  }
}

}  // namespace tc::schema::detail
