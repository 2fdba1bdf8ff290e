//! Crazyhouse as a rule plugin on the table-driven engine (see `table_plugin`): drops,
//! pieces in hand and promoted marks cross the C ABI (version 2), and perft through it
//! is compared with perft on the same rules linked directly.

#[path = "table_plugin/mod.rs"]
mod table_plugin;

/// The catalog's crazyhouse, built into the plugin.
pub const CRAZYHOUSE: &str = include_str!("../../../variants/crazyhouse.toml");

chess4d_plugin_api::export_plugin!(table_plugin::TablePlugin, || {
    let rules = chess4d_variants::load_text(CRAZYHOUSE, "crazyhouse.toml", &[]);
    table_plugin::TablePlugin::new(rules, "crazyhouse-plugin")
});
