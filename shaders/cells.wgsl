// Tesseract cells: one instanced box per square, 36 vertices made from the vertex index,
// every corner carried through the 4D projection so faces bend with the 4D rotation.

struct CellIn {
    @location(0) centre: vec4<f32>,
    @location(1) half_size: vec4<f32>,
    @location(2) fill: vec4<f32>,
    @location(3) edge: vec4<f32>,
};

struct CellOut {
    @builtin(position) position: vec4<f32>,
    @location(0) face_uv: vec2<f32>,
    @location(1) fill: vec4<f32>,
    @location(2) edge: vec4<f32>,
};

@vertex
fn vs_cell(@builtin(vertex_index) vertex: u32, cell: CellIn) -> CellOut {
    var corner_of = array<u32, 6>(0u, 1u, 2u, 0u, 2u, 3u);
    var corners = array<vec2<f32>, 4>(
        vec2<f32>(0.0, 0.0), vec2<f32>(1.0, 0.0), vec2<f32>(1.0, 1.0), vec2<f32>(0.0, 1.0)
    );
    let face = vertex / 6u;
    let uv = corners[corner_of[vertex % 6u]];
    let axis = face / 2u;
    let side = select(-1.0, 1.0, face % 2u == 1u);
    let a = uv * 2.0 - 1.0;
    var local = vec3<f32>(a.x, a.y, side);
    var shade = select(0.55, 1.0, side > 0.0); // layer top bright, underside dim
    if axis == 0u {
        local = vec3<f32>(side, a.x, a.y);
        shade = 0.75;
    } else if axis == 1u {
        local = vec3<f32>(a.x, side, a.y);
        shade = 0.88;
    }
    let p = cell.centre + vec4<f32>(local * cell.half_size.xyz, 0.0);
    var out: CellOut;
    out.position = project4(p);
    out.face_uv = uv;
    out.fill = vec4<f32>(cell.fill.rgb * shade, cell.fill.a);
    out.edge = cell.edge;
    return out;
}

@fragment
fn fs_cell(in: CellOut) -> @location(0) vec4<f32> {
    // Distance to the face's border in pixels, so edges stay thin lines at any size.
    let border = min(in.face_uv, vec2<f32>(1.0) - in.face_uv) / max(fwidth(in.face_uv), vec2<f32>(1e-6));
    let px = min(border.x, border.y);
    let on_edge = 1.0 - smoothstep(g.params.w - 0.5, g.params.w + 0.5, px);
    return finish(mix(in.fill, in.edge, on_edge));
}
