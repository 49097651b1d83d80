#include "CGtkShim.h"

/**
 * ptr_init:
 *
 * Registers every type the library exports (#PtrRefreshBin, #PtrRefreshList and the enums), as
 * adw_init() does for libadwaita. GtkBuilder looks types up by name, so a .ui file that names
 * PtrRefreshBin loads only after this; in C it also keeps the library linked when a .ui file is its
 * only use (the linker drops an unused library with `--as-needed`). Call it after gtk_init(), or in
 * GtkApplication::startup; calling it again does nothing.
 */
void ptr_init(void) {
    g_type_ensure(PTR_TYPE_REFRESH_BIN);
    g_type_ensure(PTR_TYPE_REFRESH_LIST);
    g_type_ensure(PTR_TYPE_HEADER_STYLE);
    g_type_ensure(PTR_TYPE_FOOTER_MODE);
    g_type_ensure(PTR_TYPE_HEADER_STATE);
    g_type_ensure(PTR_TYPE_FOOTER_STATE);
}
