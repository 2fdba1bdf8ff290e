// Shared by cells.wgsl and quads.wgsl (the renderer prepends this file to each).

struct Globals {
    // World to clip space of the whole render target (tesseract rectangle folded in).
    view_proj: mat4x4<f32>,
    // 4D rotation of the board (XW, YW, ZW planes).
    rotation: mat4x4<f32>,
    // x: 4D perspective strength, y: smallest perspective divisor,
    // z: unused, w: cell edge width in 4D board units.
    params: vec4<f32>,
    // x, y: target size in pixels.
    target_size: vec4<f32>,
    // xyz: world offset per unit of rotated 4D depth (the W separation).
    separation: vec4<f32>,
};

@group(0) @binding(0) var<uniform> g: Globals;
@group(0) @binding(1) var atlas: texture_2d<f32>;
@group(0) @binding(2) var atlas_sampler: sampler;

// The same formulas as projection.rs: rotate in 4D, divide by the 4D depth, lay X along
// world x, Y along world -z and Z upwards, then pull W layers apart...
fn world4(p: vec4<f32>) -> vec3<f32> {
    let q = g.rotation * p;
    let s = 1.0 / max(1.0 - g.params.x * q.w, g.params.y);
    return vec3<f32>(q.x * s, q.z * s, -q.y * s) + g.separation.xyz * q.w;
}

// ...then the 3D camera.
fn project4(p: vec4<f32>) -> vec4<f32> {
    return g.view_proj * vec4<f32>(world4(p), 1.0);
}
