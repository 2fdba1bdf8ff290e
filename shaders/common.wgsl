// Shared by cells.wgsl and quads.wgsl (the renderer prepends this file to each).

struct Globals {
    // World to clip space of the whole render target (tesseract rectangle folded in).
    view_proj: mat4x4<f32>,
    // 4D rotation of the board (XW, YW, ZW planes).
    rotation: mat4x4<f32>,
    // x: 4D perspective strength, y: smallest perspective divisor,
    // z: 1 when the target is sRGB (colours are given in sRGB), w: cell edge width in px.
    params: vec4<f32>,
    // x, y: target size in pixels.
    target_size: vec4<f32>,
};

@group(0) @binding(0) var<uniform> g: Globals;
@group(0) @binding(1) var atlas: texture_2d<f32>;
@group(0) @binding(2) var atlas_sampler: sampler;

fn srgb_to_linear(c: vec3<f32>) -> vec3<f32> {
    let lo = c / 12.92;
    let hi = pow((c + vec3<f32>(0.055)) / 1.055, vec3<f32>(2.4));
    return select(hi, lo, c <= vec3<f32>(0.04045));
}

// Colours arrive in sRGB; an sRGB target encodes on write, so undo it first.
fn finish(c: vec4<f32>) -> vec4<f32> {
    if g.params.z > 0.5 {
        return vec4<f32>(srgb_to_linear(c.rgb), c.a);
    }
    return c;
}

// The same formulas as projection.rs: rotate in 4D, divide by the 4D depth, lay X along
// world x, Y along world -z and Z upwards, then the 3D camera.
fn project4(p: vec4<f32>) -> vec4<f32> {
    let q = g.rotation * p;
    let s = 1.0 / max(1.0 - g.params.x * q.w, g.params.y);
    let world = vec3<f32>(q.x * s, q.z * s, -q.y * s);
    return g.view_proj * vec4<f32>(world, 1.0);
}
