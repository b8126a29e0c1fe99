#include "corpora/dataset_table.h"

#include <fmt/format.h>

#include "core/error.h"

namespace linrepro {

namespace {

std::vector<std::string> reuters_sgml_files() {
  std::vector<std::string> files;
  for (int k = 0; k < 22; ++k) files.push_back(fmt::format("reut2-{:03d}.sgm", k));
  return files;
}

std::vector<DatasetSpec> make_table() {
  std::vector<DatasetSpec> t;
  // Content pins: the digests published in the mirror's SOURCE.md files (20NG, WebKB), or computed
  // from the per-file sha256 values they publish (Reuters: the 22 SGML files; a9a: the two
  // uncompressed files). Download pins: sha256 values scikit-learn pins for the same files.
  t.push_back(DatasetSpec{
      .name = "reuters21578",
      .description = "Reuters-21578 Distribution 1.0, 22 SGML files (21,578 documents)",
      .parts = {DataPart{
          .mirror_file = "reuters21578/reuters21578.tar.xz",
          .mirror_sha256 = "5d693404a7565187eb4bc312cd3eed37250aa7bb53f868637b2bc2ecf3cc2472",
          .urls = {"https://kdd.ics.uci.edu/databases/reuters21578/reuters21578.tar.gz"},
          .url_file = "reuters21578.tar.gz",
          .url_sha256 = kUnpinned,
          .output = ""}},
      .data_path = "",
      .digest_roots = reuters_sgml_files(),
      .content_sha256 = "70e7f272abc622732cd4c0df65493646e4d3ca10adfd9d47ba13206f99f2a2ff",
      .content_pin_source =
          "digest of the 22 reut2-*.sgm files whose sha256 reuters21578/SOURCE.md lists",
      .how_to_get =
          "download reuters21578.tar.gz from the UCI KDD archive "
          "(https://kdd.ics.uci.edu/databases/reuters21578/) and put the file (or its "
          "extracted reut2-*.sgm files, in a folder named reuters21578) into the directory "
          "$LINREPRO_DATA points at, then run `linrepro data fetch`"});
  t.push_back(DatasetSpec{
      .name = "20news-18828",
      .description = "20 Newsgroups, 18828 version (Rennie): 18,828 messages, From/Subject only",
      .parts = {DataPart{
          .mirror_file = "20news-18828/20news-18828.tar.xz",
          .mirror_sha256 = "44101716a651cae7435e98829e01ce50dbcd2a228cb72b628885295ea49bcd7f",
          .urls = {"http://qwone.com/~jason/20Newsgroups/20news-18828.tar.gz"},
          .url_file = "20news-18828.tar.gz",
          .url_sha256 = kUnpinned,
          .output = ""}},
      .data_path = "20news-18828",
      .digest_roots = {"20news-18828"},
      .content_sha256 = "175c234b64bf6e7ec2faa108c58acf48cadc273d9a154acebb5b82bd3237744c",
      .content_pin_source = "manifest digest in 20news-18828/SOURCE.md",
      .how_to_get =
          "download 20news-18828.tar.gz from http://qwone.com/~jason/20Newsgroups/ and put "
          "it into the directory $LINREPRO_DATA points at, then run `linrepro data fetch`"});
  t.push_back(DatasetSpec{
      .name = "20news-bydate",
      .description = "20 Newsgroups, bydate version (Rennie): 11,314 train / 7,532 test",
      .parts = {DataPart{
          .mirror_file = "20news-bydate/20news-bydate.tar.xz",
          .mirror_sha256 = "856a2f4cdad5c6790367586ada08074a3243fdcbc5f86e189d423b69b0427996",
          .urls = {"http://qwone.com/~jason/20Newsgroups/20news-bydate.tar.gz",
                   "https://ndownloader.figshare.com/files/5975967"},
          .url_file = "20news-bydate.tar.gz",
          // scikit-learn's fetch_20newsgroups pins this archive.
          .url_sha256 = "8f1b2514ca22a5ade8fbb9cfa5727df95fa587f4c87b786e15c759fa66d95610",
          .output = ""}},
      .data_path = "",
      .digest_roots = {"20news-bydate-test", "20news-bydate-train"},
      .content_sha256 = "20701c5675b5327116388288aa3225c61bc1005708ccbda9bfb83c22891263d6",
      .content_pin_source = "manifest digest in 20news-bydate/SOURCE.md",
      .how_to_get =
          "download 20news-bydate.tar.gz from http://qwone.com/~jason/20Newsgroups/ and put "
          "it into the directory $LINREPRO_DATA points at, then run `linrepro data fetch`"});
  t.push_back(DatasetSpec{
      .name = "webkb",
      .description = "WebKB 4 Universities (CMU theo-20): 8,282 pages, 7 classes",
      .parts = {DataPart{
          .mirror_file = "webkb/webkb.tar.xz",
          .mirror_sha256 = "e6a9e0d5c87b880e4b3ae0a644e07ec8b22616ec7498965509d25da52a9cf8f6",
          .urls = {"http://www.cs.cmu.edu/afs/cs.cmu.edu/project/theo-20/www/data/"
                   "webkb-data.gtar.gz"},
          .url_file = "webkb-data.gtar.gz",
          .url_sha256 = kUnpinned,
          .output = ""}},
      .data_path = "webkb",
      .digest_roots = {"webkb"},
      .content_sha256 = "e4302ab10ab0aa1c9119adc889dca1a530af369142107c53f2aaead306999d3d",
      .content_pin_source = "manifest digest in webkb/SOURCE.md",
      .how_to_get =
          "download webkb-data.gtar.gz from "
          "http://www.cs.cmu.edu/afs/cs.cmu.edu/project/theo-20/www/data/ and put it into "
          "the directory $LINREPRO_DATA points at, then run `linrepro data fetch`"});
  t.push_back(DatasetSpec{
      .name = "a9a",
      .description = "LIBSVM a9a (Adult): 32,561 train / 16,281 test rows, 123 binary features",
      .parts = {DataPart{
                    .mirror_file = "libsvm/a9a.xz",
                    .mirror_sha256 = "",
                    .urls = {"https://www.csie.ntu.edu.tw/~cjlin/libsvmtools/datasets/binary/a9a"},
                    .url_file = "a9a",
                    .url_sha256 = kUnpinned,
                    .output = "a9a"},
                DataPart{.mirror_file = "libsvm/a9a.t.xz",
                         .mirror_sha256 = "",
                         .urls = {"https://www.csie.ntu.edu.tw/~cjlin/libsvmtools/datasets/binary/"
                                  "a9a.t"},
                         .url_file = "a9a.t",
                         .url_sha256 = kUnpinned,
                         .output = "a9a.t"}},
      .data_path = "",
      .digest_roots = {"a9a", "a9a.t"},
      .content_sha256 = "2d0ee5583009a3eef49b83bff7d154e31269642a9b737c21abd62c49019d4ada",
      .content_pin_source =
          "digest of the two uncompressed files whose sha256 libsvm/SOURCE.md lists",
      .how_to_get =
          "download a9a and a9a.t from "
          "https://www.csie.ntu.edu.tw/~cjlin/libsvmtools/datasets/binary.html and put both "
          "files into the directory $LINREPRO_DATA points at, then run `linrepro data fetch`"});
  t.push_back(DatasetSpec{
      .name = "covtype.binary",
      .description =
          "LIBSVM covtype.binary (UCI Covertype, class 2 vs rest): 581,012 rows, 54 features",
      .parts = {DataPart{.mirror_file = "",
                         .mirror_sha256 = "",
                         .urls = {"https://www.csie.ntu.edu.tw/~cjlin/libsvmtools/datasets/binary/"
                                  "covtype.libsvm.binary.bz2"},
                         .url_file = "covtype.libsvm.binary.bz2",
                         // Only a third-party MD5 is known (0d3439b314ce13e2f8b903b12bb3ea20,
                         // libsvm/SOURCE.md); no sha256 could be confirmed here.
                         .url_sha256 = kUnpinned,
                         .output = "covtype.libsvm.binary"}},
      .data_path = "",
      .digest_roots = {"covtype.libsvm.binary"},
      .content_sha256 = "",
      .content_pin_source =
          "none: not in the mirror; the reader checks 581,012 rows and 54 features",
      .how_to_get =
          "covtype.binary is not in the mirror. Download covtype.libsvm.binary.bz2 from "
          "https://www.csie.ntu.edu.tw/~cjlin/libsvmtools/datasets/binary.html and put it "
          "into the directory $LINREPRO_DATA points at, then run `linrepro data fetch`"});
  {
    const std::string jmlr = "https://jmlr.csail.mit.edu/papers/volume5/lewis04a/";
    auto vec = [&](const std::string& file, const std::string& figshare, const std::string& sha) {
      return DataPart{.mirror_file = "",
                      .mirror_sha256 = "",
                      .urls = {jmlr + "a13-vector-files/" + file + ".gz",
                               "https://ndownloader.figshare.com/files/" + figshare},
                      .url_file = file + ".gz",
                      .url_sha256 = sha,
                      .output = file};
    };
    // sha256 values: scikit-learn's fetch_rcv1 pins these (its figshare copies of the JMLR files).
    DatasetSpec rcv1{
        .name = "rcv1-v2",
        .description = "RCV1-v2 LYRL2004 tf-idf vectors + topic qrels: 23,149 train / 781,265 test",
        .parts = {vec("lyrl2004_vectors_train.dat", "5976057",
                      "5468f656d0ba7a83afc7ad44841cf9a53048a5c083eedc005dcdb5cc768924ae"),
                  vec("lyrl2004_vectors_test_pt0.dat", "5976069",
                      "ed40f7e418d10484091b059703eeb95ae3199fe042891dcec4be6696b9968374"),
                  vec("lyrl2004_vectors_test_pt1.dat", "5976066",
                      "87700668ae45d45d5ca1ef6ae9bd81ab0f5ec88cc95dcef9ae7838f727a13aa6"),
                  vec("lyrl2004_vectors_test_pt2.dat", "5976063",
                      "48143ac703cbe33299f7ae9f4995db49a258690f60e5debbff8995c34841c7f5"),
                  vec("lyrl2004_vectors_test_pt3.dat", "5976060",
                      "dfcb0d658311481523c6e6ca0c3f5a3e1d3d12cde5d7a8ce629a9006ec7dbb39"),
                  DataPart{.mirror_file = "",
                           .mirror_sha256 = "",
                           .urls = {jmlr + "a08-topic-qrels/rcv1-v2.topics.qrels.gz",
                                    "https://ndownloader.figshare.com/files/5976048"},
                           .url_file = "rcv1-v2.topics.qrels.gz",
                           .url_sha256 =
                               "2a98e5e5d8b770bded93afc8930d88299474317fe14181aee1466cc754d0d1c1",
                           .output = "rcv1-v2.topics.qrels"}},
        .data_path = "",
        .digest_roots = {},
        .content_sha256 = "",
        .content_pin_source = "none for the uncompressed files; the six .gz downloads are pinned",
        .how_to_get =
            "RCV1-v2 is not in the mirror. Download lyrl2004_vectors_train.dat.gz, "
            "lyrl2004_vectors_test_pt0..3.dat.gz (JMLR 5, Lewis et al. 2004, appendix 13) "
            "and rcv1-v2.topics.qrels.gz (appendix 8) from " +
            jmlr +
            " and put the six .gz files into the directory $LINREPRO_DATA points "
            "at, then run `linrepro data fetch`"};
    for (const auto& p : rcv1.parts) rcv1.digest_roots.push_back(p.output);
    t.push_back(std::move(rcv1));
  }
  return t;
}

}  // namespace

const std::vector<DatasetSpec>& dataset_table() {
  static const std::vector<DatasetSpec> table = make_table();
  return table;
}

const DatasetSpec& dataset_spec(const std::string& name) {
  for (const auto& s : dataset_table()) {
    if (s.name == name) return s;
  }
  std::string known;
  for (const auto& s : dataset_table()) known += (known.empty() ? "" : ", ") + s.name;
  throw ConfigError(fmt::format("unknown dataset '{}' (known: {})", name, known));
}

}  // namespace linrepro
