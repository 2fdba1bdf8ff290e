//! The renderer draws into targets of any colour format the app's surface may have,
//! with colours that come out the same after the format's own encoding.

use crate::common;

use chess4d_render::{BoardGeometry, FlatLayout, Rect, Renderer, Scene, View};

const W: u32 = 256;
const H: u32 = 192;

/// Draw an empty flat board into a `format` texture and read back the 4-byte texels.
fn draw(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    format: wgpu::TextureFormat,
    scene: &Scene,
) -> Vec<u8> {
    let target = device.create_texture(&wgpu::TextureDescriptor {
        label: None,
        size: wgpu::Extent3d {
            width: W,
            height: H,
            depth_or_array_layers: 1,
        },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format,
        usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
        view_formats: &[],
    });
    let buffer = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: u64::from(W * 4 * H),
        usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
        mapped_at_creation: false,
    });
    let mut renderer = Renderer::new(device, queue, format);
    renderer.prepare(device, queue, scene, [W, H]);
    let mut encoder = device.create_command_encoder(&Default::default());
    renderer.render(&mut encoder, &target.create_view(&Default::default()));
    encoder.copy_texture_to_buffer(
        target.as_image_copy(),
        wgpu::TexelCopyBufferInfo {
            buffer: &buffer,
            layout: wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(W * 4),
                rows_per_image: Some(H),
            },
        },
        wgpu::Extent3d {
            width: W,
            height: H,
            depth_or_array_layers: 1,
        },
    );
    queue.submit([encoder.finish()]);
    buffer
        .slice(..)
        .map_async(wgpu::MapMode::Read, |r| r.expect("map"));
    device
        .poll(wgpu::PollType::wait_indefinitely())
        .expect("poll");
    buffer
        .slice(..)
        .get_mapped_range()
        .expect("mapped")
        .to_vec()
}

#[test]
fn srgb_and_bgra_targets_show_the_same_colours() {
    let Some((device, queue)) = common::device() else {
        return;
    };
    let scene = Scene {
        view: View::Flat,
        ..Scene::default()
    };
    let flat = FlatLayout::new(
        BoardGeometry::new(scene.shape).unwrap(),
        Rect::new(0.0, 0.0, W as f32, H as f32),
    );
    let a1 = flat.square_centre(0).unwrap();
    let at = |x: f32, y: f32| ((y as u32 * W + x as u32) * 4) as usize;
    let reference = draw(&device, &queue, wgpu::TextureFormat::Rgba8Unorm, &scene);
    for format in [
        wgpu::TextureFormat::Rgba8UnormSrgb,
        wgpu::TextureFormat::Bgra8Unorm,
        wgpu::TextureFormat::Bgra8UnormSrgb,
    ] {
        let texels = draw(&device, &queue, format, &scene);
        for (x, y) in [(1.0, 1.0), (a1.x, a1.y)] {
            let mut p = [texels[at(x, y)], texels[at(x, y) + 1], texels[at(x, y) + 2]];
            if matches!(
                format,
                wgpu::TextureFormat::Bgra8Unorm | wgpu::TextureFormat::Bgra8UnormSrgb
            ) {
                p.swap(0, 2);
            }
            let want = &reference[at(x, y)..at(x, y) + 3];
            for k in 0..3 {
                assert!(
                    p[k].abs_diff(want[k]) <= 2,
                    "{format:?} at ({x},{y}): {p:?} vs {want:?}"
                );
            }
        }
    }
}

#[test]
fn msaa_renderer_draws_and_resolves() {
    let Some((device, queue)) = common::device() else {
        return;
    };
    let format = wgpu::TextureFormat::Rgba8Unorm;
    let mut renderer = Renderer::with_samples(&device, &queue, format, 4);
    assert_eq!(renderer.sample_count(), 4);
    let target = device.create_texture(&wgpu::TextureDescriptor {
        label: None,
        size: wgpu::Extent3d {
            width: W,
            height: H,
            depth_or_array_layers: 1,
        },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format,
        usage: wgpu::TextureUsages::RENDER_ATTACHMENT,
        view_formats: &[],
    });
    let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
    renderer.prepare(&device, &queue, &Scene::default(), [W, H]);
    let mut encoder = device.create_command_encoder(&Default::default());
    renderer.render(&mut encoder, &target.create_view(&Default::default()));
    queue.submit([encoder.finish()]);
    let error = pollster::block_on(scope.pop());
    assert!(error.is_none(), "{error:?}");
}
