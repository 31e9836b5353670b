// Stands in for static assets (images, stylesheets) imported by client modules under jest.
export default 'test-file-stub';
