export default function Index() {
  return <h1 className="text-3xl font-bold">Bandroom</h1>;
}
