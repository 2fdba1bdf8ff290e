//! Orthodox chess as a rule plugin on the table-driven engine (see `table_plugin`):
//! perft through the C ABI against perft on the same rules linked directly.

#[path = "table_plugin/mod.rs"]
mod table_plugin;

chess4d_plugin_api::export_plugin!(table_plugin::TablePlugin, || {
    let rules = chess4d_variants::Catalog::embedded().get("orthodox");
    table_plugin::TablePlugin::new(rules, "orthodox-plugin")
});
