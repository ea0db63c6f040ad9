// Cycles of the n x n grid graph with TdZdd's CycleZdd (lookahead on).
// usage: grid_cycles N [count|dd]   prints the count
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <tdzdd/DdStructure.hpp>
#include <tdzdd/dd/PathCounter.hpp>
#include <tdzdd/spec/PathZdd.hpp>
#include <tdzdd/util/Graph.hpp>
using namespace tdzdd;
static std::string name(int v) { std::ostringstream s; s << v; return s.str(); }
int main(int argc, char** argv) {
    int n = std::atoi(argv[1]);
    std::string mode = argc > 2 ? argv[2] : "count";
    Graph g;
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            int v = r * n + c + 1;
            if (c + 1 < n) g.addEdge(name(v), name(v + 1));
            if (r + 1 < n) g.addEdge(name(v), name(v + n));
        }
    g.update();
    CycleZdd spec(g, true);
    if (mode == "dd") {
        DdStructure<2> f(spec);
        std::cout << f.zddCardinality() << std::endl;
    } else {
        std::cout << countPaths(spec) << std::endl;
    }
    return 0;
}
